import type { PriceInput } from '../../domain/price.ts';
import { columnFields, type FieldSpec } from './filter-compiler.ts';

/**
 * The effective final price incl. tax in cents, in SQL, for filtering, sorting and price buckets: the special price
 * when it is lower and today (a shop calendar day, Europe/Amsterdam) lies inside its window, else the price
 * (spec 000 §5). Source prices include tax in every store, so no rate is involved. Documents never use this: their
 * prices come from domain/price.ts `computePrice`.
 */
export function finalPriceSql(today: () => string): string {
  const todayParam = today();
  return `(case when p.special_price_cents is not null and p.special_price_cents >= 0
      and p.special_price_cents < p.price_cents
      and (p.special_from_date is null or (p.special_from_date at time zone 'Europe/Amsterdam')::date <= ${todayParam}::date)
      and (p.special_to_date is null or (p.special_to_date at time zone 'Europe/Amsterdam')::date >= ${todayParam}::date)
    then p.special_price_cents else p.price_cents end)`;
}

/** Filterable product columns; any other name must be an attribute code (matched in `attrs`). */
export function productFields(today: () => string): Record<string, FieldSpec> {
  const money: FieldSpec = { kind: 'money', sql: () => finalPriceSql(today) };
  return {
    ...columnFields('p', {
      id: 'int',
      sku: 'text',
      name: 'text',
      type_id: 'text',
      status: 'int',
      visibility: 'int',
      category_ids: 'intarray',
      url_key: 'text',
      url_path: 'text',
      slug: 'text',
      parent_id: 'int',
      brand: 'text',
      tax_class_id: 'int',
      position: 'int',
      updated_at: 'date',
      created_at: 'date',
      special_from_date: 'date',
      special_to_date: 'date',
    }),
    'category.category_id': { kind: 'intarray', sql: 'p.category_ids' },
    'price': money,
    'price_incl_tax': money,
    'final_price': money,
    'final_price_incl_tax': money,
  };
}

/** Sortable product fields → SQL; `_score` only exists with `text`. */
export function productSortSql(field: string, today: () => string, scoreSql: string | null): string {
  switch (field) {
    case 'price':
    case 'price_incl_tax':
    case 'final_price':
    case 'final_price_incl_tax':
      return finalPriceSql(today);
    case '_score':
    case 'score':
      return scoreSql ?? '0';
    default:
      return `p.${field}`;
  }
}

export const PRODUCT_SORT_FIELDS = new Set([
  'position',
  'price',
  'price_incl_tax',
  'final_price',
  'final_price_incl_tax',
  'name',
  'sku',
  'id',
  'created_at',
  'updated_at',
  '_score',
  'score',
]);

/** Columns every product query reads, with `doc` and `description` as given (SQL expressions). */
function productColumnsSql(doc: string, description: string): string {
  return `p.id, p.sku, p.parent_id, p.type_id, p.name, ${description} as description, p.url_key, p.url_path, p.slug,
  p.status, p.visibility, p.brand, p.price_cents, p.special_price_cents, p.special_from_date, p.special_to_date,
  p.tax_class_id, p.category_ids, p.attrs, p.position, ${doc} as doc, p.created_at, p.updated_at`;
}

/** Columns every product query reads; `doc` carries the rest of the document. */
export const PRODUCT_COLUMNS = productColumnsSql('p.doc', 'p.description');

/**
 * The large parts of a document that only a product page reads: the options and size table in `doc` (about two thirds
 * of it) and the description. A listing's includeFields leaves them out, and not reading them saves decoding ~1 KB a
 * row it would throw away.
 */
const PAGE_ONLY_DOC_KEYS = [
  'configurable_options',
  'size_conversion',
  'bundle_options',
  'meta_description',
  'meta_title',
];

/** PRODUCT_COLUMNS without the page-only parts a field selection drops (`wants`: whether a top-level field is sent). */
export function productColumnsFor(wants: (field: string) => boolean): string {
  const dropped = PAGE_ONLY_DOC_KEYS.filter((key) => !wants(key));
  return productColumnsSql(
    dropped.length > 0 ? `p.doc - '{${dropped.join(',')}}'::text[]` : 'p.doc',
    wants('description') ? 'p.description' : 'null::text',
  );
}

/** The product columns the price rules read (spec 000 §5), with the categories and attributes discounts match on. */
export interface PricedProductColumns {
  price_cents: number;
  special_price_cents: number | null;
  special_from_date: Date | string | null;
  special_to_date: Date | string | null;
  tax_class_id: number;
  category_ids: number[];
  attrs: Record<string, unknown>;
}

/** What a shop price is computed from (spec 000 §5): the price, the special price and its window, the tax class. */
export type ShopPriceColumns = Pick<
  PricedProductColumns,
  'price_cents' | 'special_price_cents' | 'special_from_date' | 'special_to_date' | 'tax_class_id'
>;

/**
 * The price rules' input for a product's columns: source prices include tax (spec 000 §1); the caller names the tax
 * rate (found by the product's tax class) and the customer's tier or personal price, which count when lower.
 */
export function priceInput(
  row: Omit<ShopPriceColumns, 'tax_class_id'>,
  taxRatePercent: number,
  tierPriceInclCents: number | null = null,
): PriceInput {
  return {
    priceInclCents: row.price_cents,
    specialPriceInclCents: row.special_price_cents,
    specialFromDate: row.special_from_date,
    specialToDate: row.special_to_date,
    taxRatePercent,
    tierPriceInclCents,
  };
}

export interface ProductRow extends PricedProductColumns {
  id: number;
  sku: string;
  parent_id: number | null;
  type_id: string;
  name: string;
  description: string | null;
  url_key: string;
  url_path: string;
  slug: string;
  status: number;
  visibility: number;
  brand: string | null;
  position: number;
  doc: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface StockJson {
  qty: number;
  reserved_qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
}

/** A product row with the parts loaded next to it (lateral subqueries), each null when not requested. */
export interface ProductRowWithParts extends ProductRow {
  stock: StockJson | null;
  children: Array<ProductRow & { stock: StockJson | null }> | null;
  links: Array<{
    link_type: string;
    linked_product_sku: string;
    linked_product_id: number;
    position: number;
    qty: number;
  }> | null;
  tier_cents: number | null;
}

/**
 * Lateral parts of a product query: stock, configurable children (with their stock) and links, each as one json
 * value so a page of products is a single round trip. json, not jsonb: the value is only sent out, and building
 * binary jsonb first measured about twice as expensive. `tierGroupParam` adds the group's qty-1 tier price.
 */
export function productPartsSql(opts: { children: boolean; links: boolean; tierGroupParam?: string }): string {
  const childCols = `c.id, c.sku, c.parent_id, c.type_id, c.name, c.url_key, c.url_path, c.slug, c.status, c.visibility,
    c.brand, c.price_cents, c.special_price_cents, c.special_from_date, c.special_to_date, c.tax_class_id,
    c.category_ids, c.attrs, c.position, c.doc`;
  const stock = `(select json_build_object('qty', s.qty, 'reserved_qty', s.reserved_qty, 'is_in_stock', s.is_in_stock,
      'manage_stock', s.manage_stock) from stock_items s where s.product_id = p.id) as stock`;
  const children = opts.children
    ? `case when p.type_id = 'configurable' then (select coalesce(json_agg(row_to_json(ch) order by ch.position, ch.id), '[]'::json)
        from (select ${childCols}, (select json_build_object('qty', cs.qty, 'reserved_qty', cs.reserved_qty,
          'is_in_stock', cs.is_in_stock, 'manage_stock', cs.manage_stock) from stock_items cs where cs.product_id = c.id) as stock
          from products c where c.parent_id = p.id) ch) end as children`
    : 'null::json as children';
  const links = opts.links
    ? `(select coalesce(json_agg(json_build_object('link_type', l.link_type, 'linked_product_sku', l.linked_product_sku,
        'linked_product_id', l.linked_product_id, 'position', l.position, 'qty', l.qty) order by l.link_type, l.position), '[]'::json)
        from product_links l where l.product_id = p.id) as links`
    : 'null::json as links';
  const tier = opts.tierGroupParam
    ? `(select min(t.price_cents) from product_tier_prices t where t.product_id = p.id
        and t.customer_group_id = ${opts.tierGroupParam}::int and t.qty <= 1) as tier_cents`
    : 'null::int as tier_cents';
  return [stock, children, links, tier].join(',\n');
}
