import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/index.ts';
import { seed } from '../server/seed/index.ts';
import { createScratchDatabase } from '../tests/support/scratch-postgres.ts';
import { pickCategoryAndColor } from './api-latency.ts';

/**
 * Catalogue search throughput with one and with two API instances on one PostgreSQL database (docs/operations.md
 * "Running N instances"). Each instance is its own process (`server/main.ts`, as in production) so each has its own event loop;
 * autocannon spreads 20 connections over the instances for 10 s. The same machine runs PostgreSQL, the instances and
 * autocannon, so the row says how far a second instance helps on this machine's cores, not on a real deployment.
 */
export interface InstancesRow extends Record<string, string | number> {
  'instances': number;
  'products': number;
  'query': string;
  'req/s': number;
  'p50 latency': string;
  'p99 latency': string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startInstance(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent',
      DATABASE_POOL_SIZE: '10',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('instance did not become ready within 60 s');
}

function load(urls: string[], body: unknown): Promise<{ rps: number; p50: number; p99: number }> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: urls.map((u) => `${u}/api/catalog/nl/product/_search`),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        connections: 20,
        duration: 10,
      },
      (err, result) =>
        err
          ? reject(err)
          : resolve({ rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 }),
    );
  });
}

export async function benchInstances(products: number): Promise<InstancesRow[]> {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL!, `bench_n_${products}`);
  const rows: InstancesRow[] = [];
  try {
    const db = await openDatabase({ databaseUrl: scratch.url });
    await seed(db, { products });
    const { categoryId, color } = await pickCategoryAndColor(db);
    await db.close();
    // The listing of the API latency bench: docs/benchmarks.md's budgeted query.
    const body = {
      filter: { category_ids: { in: [categoryId] }, ...(color ? { color: { in: [color] } } : {}) },
      sort: 'final_price:asc',
      size: 24,
    };
    const instances = [await startInstance(scratch.url)];
    try {
      for (const count of [1, 2]) {
        while (instances.length < count) instances.push(await startInstance(scratch.url));
        const urls = instances.map((i) => i.url);
        await load(urls, body); // warm caches and JIT in every instance
        const r = await load(urls, body);
        rows.push({
          'instances': count,
          products,
          'query': 'category + colour filter, price sort',
          'req/s': r.rps,
          'p50 latency': `${r.p50} ms`,
          'p99 latency': `${r.p99} ms`,
        });
      }
    } finally {
      for (const i of instances) i.child.kill('SIGTERM');
      await Promise.all(
        instances.map((i) => new Promise((r) => (i.child.exitCode !== null ? r(null) : i.child.once('exit', r)))),
      );
    }
  } finally {
    await scratch.drop();
  }
  return rows;
}
