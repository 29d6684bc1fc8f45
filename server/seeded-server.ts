import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase, type Database } from './db/index.ts';
import { seed } from './seed/index.ts';

/**
 * A throwaway shop for the tools that drive the built app in a browser (the benchmarks, the manifest screenshots of
 * sw/screenshots.ts): here so shipping code and the benchmark both reach it without one importing the other.
 */

/** The app's server build (npm run build): pages are rendered as production does. */
export const SSR_ENTRY = 'dist-ssr/entry-server.js';

/** The real server with the built app (dist/) and a freshly seeded PGlite database in a temp folder. */
export async function startSeededServer(
  products: number,
): Promise<{ url: string; db: Database; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'ofm-bench-app-'));
  const db = await openDatabase({ dataDir: join(dir, 'db') });
  const imageDir = join(dir, 'images');
  await seed(db, { products, imageDir });
  const app = await buildApp({ db, logLevel: 'silent', staticDir: 'dist', ssrEntry: SSR_ENTRY, imageDir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    async close() {
      await app.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A category and a product page path a shopper would open (the spec's /c/{slug} and /p/{sku}/{slug} routes). */
export async function samplePages(db: Database): Promise<{ category: string; product: string }> {
  const category = await db.query<{ slug: string }>(
    `select slug from categories where level = 3 and product_count > 0 order by product_count desc limit 1`,
  );
  const product = await db.query<{ sku: string; slug: string }>(
    `select p.sku, p.slug from products p join stock_items s on s.product_id = p.id
      where p.type_id = 'configurable' and p.status = 1 and s.is_in_stock order by p.id limit 1`,
  );
  return { category: `/c/${category.rows[0].slug}`, product: `/p/${product.rows[0].sku}/${product.rows[0].slug}` };
}
