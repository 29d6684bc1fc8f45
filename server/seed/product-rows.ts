import type { Queryable } from '../db/index.ts';
import { insertRows, json } from './batch.ts';
import type { SeedCategory } from './categories.ts';
import type { Catalogue } from './products.ts';

export const STORE_CODES = ['nl', 'be'] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Writes products, links, tier prices, stock and url rewrites. `progress` is called after each product batch. */
export async function insertCatalogue(
  q: Queryable,
  catalogue: Catalogue,
  categories: SeedCategory[],
  progress: (done: number, total: number) => void,
): Promise<void> {
  const { products, links } = catalogue;
  // Bulk load: building the GIN indexes (full text, trigram, attrs, categories) once after the load costs about a
  // third less than maintaining them row by row. The definitions are read back from the catalog, so whatever indexes
  // the migrations define are restored exactly; constraint indexes (primary key, unique sku) stay.
  const { rows: indexes } = await q.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = 'products'
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await q.exec(`drop index "${index.name}"`);
  // product_search and product_facets (migrations 070, 096) are filled once after the load, not row by row by their
  // triggers.
  await q.exec('alter table products disable trigger product_search_sync');
  await q.exec('alter table products disable trigger product_facets_sync');
  const columns = [
    'id',
    'sku',
    'parent_id',
    'type_id',
    'name',
    'description',
    'url_key',
    'url_path',
    'slug',
    'status',
    'visibility',
    'brand',
    'price_cents',
    'special_price_cents',
    'special_from_date:timestamptz',
    'special_to_date:timestamptz',
    'tax_class_id',
    'category_ids:int[]',
    'attrs:jsonb',
    'position',
    'doc:jsonb',
    'created_at:timestamptz',
    'updated_at:timestamptz',
  ];
  const [SKU, NAME, VISIBILITY, CATEGORY_IDS, ATTRS] = [1, 4, 10, 17, 18];
  const chunk = 2000;
  for (let start = 0; start < products.length; start += chunk) {
    const rows = products
      .slice(start, start + chunk)
      .map((p) => [
        p.id,
        p.sku,
        p.parentId,
        p.typeId,
        p.name,
        p.description || null,
        p.urlKey,
        p.urlPath,
        p.urlKey,
        p.status,
        p.visibility,
        p.brand,
        p.priceCents,
        p.special.cents,
        iso(p.special.from),
        iso(p.special.to),
        p.taxClassId,
        p.categoryIds,
        json(p.attrs),
        p.position,
        json(p.doc),
        iso(p.createdAt),
        iso(p.createdAt),
      ]);
    await insertRows(q, 'products', columns, rows, {
      batch: 250,
      computedColumns: ['search'],
      // The weighted search document of migration 060, computed as the row goes in (an update after the load
      // wrote every product twice, and the bench's 50 000-product seed on PGlite failed in it).
      tuple: (ph) =>
        `(${ph.join(', ')}, case when ${ph[VISIBILITY]}::smallint = 1 then null else ` +
        `product_search_document(${ph[NAME]}, ${ph[SKU]}, ${ph[CATEGORY_IDS]}, ${ph[ATTRS]}) end)`,
    });
    progress(Math.min(start + chunk, products.length), products.length);
  }

  // The search vocabulary (migration 060).
  await q.query('select refresh_search_terms()');
  await q.query('select refresh_product_search()');
  await q.query('select refresh_product_facets()');
  await q.exec('alter table products enable trigger product_search_sync');
  await q.exec('alter table products enable trigger product_facets_sync');
  for (const index of indexes) await q.exec(index.def);

  await insertRows(
    q,
    'product_links',
    ['product_id', 'link_type', 'linked_product_id', 'linked_product_sku', 'position', 'qty'],
    links.map((l) => [l.productId, l.linkType, l.linkedId, l.linkedSku, l.position, l.qty]),
  );

  await insertRows(
    q,
    'product_tier_prices',
    ['product_id', 'customer_group_id', 'qty', 'price_cents'],
    products.flatMap((p) => p.tierPrices.map((t) => [p.id, t.groupId, t.qty, t.cents])),
  );

  await insertRows(
    q,
    'stock_items',
    ['product_id', 'sku', 'stock_id', 'qty', 'reserved_qty', 'is_in_stock', 'manage_stock'],
    products.map((p) => [p.id, p.sku, 1, p.stock.qty, 0, p.stock.isInStock, p.stock.manageStock]),
  );

  const rewrites: unknown[][] = [];
  for (const store of STORE_CODES) {
    for (const c of categories) {
      if (c.level >= 2) rewrites.push([store, c.urlPath, 'category', c.id, null, null]);
    }
    for (const p of products) {
      rewrites.push([store, p.urlPath, 'product', p.id, p.redirectTo ?? null, p.redirectTo ? 301 : null]);
    }
  }
  await insertRows(
    q,
    'url_rewrites',
    ['store_code', 'url_path', 'entity_type', 'entity_id', 'target_path', 'redirect_type'],
    rewrites,
  );
}
