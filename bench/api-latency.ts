import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { categoryListingBody, LISTING_FIELDS } from '../domain/catalog/listing-query.ts';
import { buildApp } from '../server/app.ts';
import { openDatabase, type Database } from '../server/db/index.ts';
import { seed } from '../server/seed/index.ts';
import { createScratchDatabase } from '../tests/support/scratch-postgres.ts';
import { ms, percentile } from './table.ts';
import { timeRequests } from './timed-requests.ts';

/**
 * Catalogue search latency on loopback: a category listing as the app asks for it (tile fields), one with a colour
 * filter and a price sort returning whole documents, the colour-filtered listing with its facets as the app asks for
 * it, and text searches (one with typos).
 * p50/p95/p99 from 400 sequential requests from a client thread (bench/timed-requests.ts; one connection, so the
 * numbers are per-request latency, not queueing), then requests/s from autocannon with 10 connections for 5 s.
 */
export interface ApiLatencyRow extends Record<string, string | number> {
  'database': string;
  'products': number;
  'query': string;
  'p50': string;
  'p95': string;
  'p99': string;
  'req/s': number;
  'budget': string;
}

/** Seeded PGlite databases the bench keeps between runs (50 000 products take minutes to seed). */
const BENCH_DATA = '.bench-data';

/** A fingerprint of what a seeded database depends on: the migrations and the seed's code. */
async function seedFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of ['server/migrations', 'server/seed']) {
    for (const file of (await readdir(dir)).sort()) hash.update(file).update(await readFile(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * PGlite: the seeded data folder of this size and fingerprint under .bench-data/ when a run left one, else seeded
 * now (into a temp name, renamed when complete, so an interrupted seed is never reused). PostgreSQL: a scratch
 * database seeded now and dropped after.
 */
async function openBenchDatabase(driver: 'pglite' | 'postgres', products: number) {
  const t0 = Date.now();
  if (driver === 'pglite') {
    const fingerprint = await seedFingerprint();
    const dir = join(BENCH_DATA, `pglite-${products}-${fingerprint}`);
    if (existsSync(dir)) {
      console.error(`[bench] reusing ${dir}`);
      return { db: await openDatabase({ dataDir: dir }), drop: async () => {} };
    }
    await mkdir(BENCH_DATA, { recursive: true });
    // Folders seeded by other migrations or seed code are stale.
    for (const entry of await readdir(BENCH_DATA)) {
      if (!entry.endsWith(`-${fingerprint}`)) await rm(join(BENCH_DATA, entry), { recursive: true, force: true });
    }
    const seeding = `${dir}.seeding`;
    const db = await openDatabase({ dataDir: seeding });
    await seed(db, { products });
    await db.close();
    await rename(seeding, dir);
    console.error(`[bench] seeded ${products} products on pglite in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return { db: await openDatabase({ dataDir: dir }), drop: async () => {} };
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL!, `bench_${products}`);
  const db = await openDatabase({ databaseUrl: scratch.url });
  await seed(db, { products });
  console.error(`[bench] seeded ${products} products on postgres in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { db, drop: scratch.drop };
}

export async function pickCategoryAndColor(db: Database): Promise<{ categoryId: number; color: string }> {
  const { rows } = await db.query<{ id: number }>(
    `select id from categories where level = 3 and product_count > 0 order by product_count desc limit 1`,
  );
  const categoryId = rows[0]?.id ?? 2;
  const color = await db.query<{ v: string }>(
    `select jsonb_array_elements_text(attrs->'color') v from products where $1 = any(category_ids) and parent_id is null limit 1`,
    [categoryId],
  );
  return { categoryId, color: color.rows[0]?.v ?? '' };
}

function measure(url: string, body: unknown, count: number): Promise<number[]> {
  const request = { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  return timeRequests(new Array<typeof request>(count + 20).fill(request), 20);
}

function throughput(url: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        connections: 10,
        duration: 5,
      },
      (err, result) => (err ? reject(err) : resolve(Math.round(result.requests.average))),
    );
  });
}

export async function benchApiLatency(driver: 'pglite' | 'postgres', products: number): Promise<ApiLatencyRow[]> {
  const { db, drop } = await openBenchDatabase(driver, products);
  const app = await buildApp({ db, logLevel: 'silent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/api/catalog/nl/product/_search`;
  const { categoryId, color } = await pickCategoryAndColor(db);

  // Budgets (p95, ms): docs/benchmarks.md's filtered listing (15 at 2 000, 40 at 50 000 products); spec work of issue 12: the
  // category listing 10 at 2 000 products, text search 40 at 50 000.
  const category = { category_ids: { in: [categoryId] } };
  const queries: [string, unknown, number | undefined][] = [
    [
      'category listing, tile fields (as the app asks)',
      { filter: category, size: 24, includeFields: LISTING_FIELDS },
      products <= 2000 ? 10 : undefined,
    ],
    [
      'category + colour filter, price sort',
      { filter: { ...category, ...(color ? { color: { in: [color] } } : {}) }, sort: 'final_price:asc', size: 24 },
      products <= 2000 ? 15 : 40,
    ],
    [
      // the app's listing asks for the facets too; a ticked facet is counted once more without its own filter
      'category + colour filter with facets (as the app asks)',
      {
        ...categoryListingBody({ categoryId, filters: color ? { color: [color] } : {} }, 24),
        includeFields: LISTING_FIELDS,
      },
      undefined,
    ],
    ['text search "overhemd blauw"', { text: 'overhemd blauw', size: 24, includeFields: LISTING_FIELDS }, 40],
    ['text search with typos "overhmd blauw"', { text: 'overhmd blauw', size: 24, includeFields: LISTING_FIELDS }, 40],
  ];
  const rows: ApiLatencyRow[] = [];
  try {
    for (const [name, body, budget] of queries) {
      const times = await measure(url, body, 400);
      rows.push({
        'database': driver,
        products,
        'query': name,
        'p50': ms(percentile(times, 50)),
        'p95': ms(percentile(times, 95)),
        'p99': ms(percentile(times, 99)),
        'req/s': await throughput(url, body),
        'budget': budget === undefined ? '—' : `p95 ≤ ${budget} ms ${percentile(times, 95) <= budget ? '✅' : '❌'}`,
      });
    }
  } finally {
    await app.close();
    await db.close();
    await drop();
  }
  return rows;
}
