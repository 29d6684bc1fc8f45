import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/index.ts';
import { seed } from '../server/seed/index.ts';
import { SSR_ENTRY } from './bench-server.ts';
import { ms, percentile } from './table.ts';
import { timeRequests } from './timed-requests.ts';

/** docs/benchmarks.md: a product page's server render, p95 at 2 000 products. */
const BUDGET_MS = 20;

/**
 * Server render time of a product page (docs/server-rendering.md): the whole answer of `GET /{url_path}` (the
 * dispatcher's lookup, the product read, React's render through TanStack Router and the dehydrated data) on loopback,
 * 200 sequential requests over 20 different products after 20 to warm up.
 */
export async function benchServerRender(products: number) {
  const dir = await mkdtemp(join(tmpdir(), 'ofm-bench-render-'));
  const db = await openDatabase({ dataDir: dir });
  try {
    await seed(db, { products });
    const app = await buildApp({ db, logLevel: 'silent', staticDir: 'dist', ssrEntry: SSR_ENTRY });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { rows } = await db.query<{ url_path: string }>(
      `select url_path from products where parent_id is null and status = 1 and type_id = 'configurable'
        order by id limit 20`,
    );
    const times = await timeRequests(
      Array.from({ length: 220 }, (_, i) => ({
        url: `${base}/${rows[i % rows.length].url_path}`,
        headers: { accept: 'text/html' },
      })),
      20,
    );
    await app.close();
    return [
      {
        products: products,
        page: 'product (url_path)',
        p50: ms(percentile(times, 50)),
        p95: ms(percentile(times, 95)),
        p99: ms(percentile(times, 99)),
        budget: `p95 ≤ ${BUDGET_MS} ms ${percentile(times, 95) <= BUDGET_MS ? '✅' : '❌'}`,
      },
    ];
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}
