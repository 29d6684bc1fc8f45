import type { Database } from '../db/index.ts';

const GIN_INDEXES = ['products_category_ids', 'products_attrs', 'product_search_search', 'product_facets_category_ids'];

/**
 * Runs once when the server is ready: PGlite has no autovacuum, so a freshly seeded catalogue has no planner
 * statistics (the planner then prefers the wrong index) and, in databases created before 002_catalog_gin.sql, GIN
 * pending lists. Both are cheap to fix here and would otherwise cost tens of milliseconds on every search.
 */
export async function warmUpCatalogPlanner(db: Database): Promise<void> {
  const { rows } = await db.query<{ n: number }>(
    `select count(distinct tablename)::int as n from pg_stats
      where schemaname = 'public' and tablename in ('products', 'product_search', 'product_facets')`,
  );
  if (rows[0]?.n !== 3)
    await db.exec(
      'analyze products; analyze product_search; analyze product_facets; analyze stock_items; analyze categories; analyze url_rewrites; analyze product_links',
    );
  for (const index of GIN_INDEXES) {
    await db.query('select gin_clean_pending_list($1::regclass)', [index]);
  }
}
