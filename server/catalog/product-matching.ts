import type { CatalogCache } from './catalog-cache.ts';
import { compileFilter, type FilterSchema } from './filter-compiler.ts';
import type { FieldSelection } from './field-projection.ts';
import { productFields } from './product-fields.ts';
import { lazyParam, SqlParams } from './sql-params.ts';
import { textConditionSql, type TextQuery, type TextSql } from './text-query.ts';
import type { PriceContext } from './store-context.ts';

/**
 * A product search's request and answer, and the SQL of the products it matches: what the page of products
 * (product-search.ts) and the facet counts (product-facets.ts) both start from.
 */

export interface SearchRequest extends FieldSelection {
  filter?: Record<string, unknown>;
  sort?: string | string[];
  start: number;
  size: number;
  aggregations?: boolean | string[];
  text?: string;
}

export interface Bucket {
  key: string;
  doc_count: number;
  from?: number;
  to?: number | null;
}

export interface SearchResult<T> {
  items: T[];
  total: number;
  start: number;
  perPage: number;
  aggregations: Record<string, { buckets: Bucket[] }>;
  attributeMetadata: unknown[];
}

export interface Where {
  /** Conditions on the product row `p` (the request's filters). */
  product: string[];
  /** Without a text: the conditions hold on product_facets' rows too (facetTableServes). */
  facetTable: boolean;
  /** With a text, the base filter on the text search row `s` (product_search, migration 070). */
  search: string[];
  params: SqlParams;
  today: () => string;
  /** The text's SQL, or null without a text. */
  text: TextSql | null;
}

export function buildWhere(
  request: SearchRequest,
  text: TextQuery | null,
  ctx: PriceContext,
  cache: CatalogCache,
): Where {
  const params = new SqlParams();
  const today = lazyParam(params, ctx.today);
  const fields = productFields(today);
  // Facet filters send option values ('308'), so a brand filter means the brand attribute when the shop has one.
  if (cache.attributes.has('brand')) delete fields.brand;
  const schema: FilterSchema = { fields, attributeCodes: new Set(cache.attributes.keys()) };
  const filter = request.filter ?? {};
  const product = compileFilter(filter, schema, params);
  const search: string[] = [];
  // Spec 000 §5 "Product listing base filter: visibility in 2, 3, 4 and status in 0, 1", unless the caller filters
  // on them itself (single-product lookups ask for status 1; a child lookup asks for visibility 1). With a text it is
  // on product_search's copy of the two columns, so that a text search without other filters reads no product row
  // until its page is cut.
  const base = text ? search : product;
  const alias = text ? 's' : 'p';
  if (!Object.hasOwn(filter, 'visibility')) base.push(`${alias}.visibility in (2, 3, 4)`);
  if (!Object.hasOwn(filter, 'status')) base.push(`${alias}.status in (0, 1)`);
  const facetTable = !text && facetTableServes(filter, fields);
  return { product, search, params, today, text: text ? textConditionSql(text, params) : null, facetTable };
}

/** The product columns product_facets (migration 096) has under the same names, as filter fields. */
const FACET_TABLE_FIELDS = new Set([
  'status',
  'visibility',
  'category_ids',
  'category.category_id',
  'price',
  'price_incl_tax',
  'final_price',
  'final_price_incl_tax',
  'special_from_date',
  'special_to_date',
]);

/**
 * Whether a filter's matches are product_facets' rows: every field one of its columns or an attribute (in `attrs`),
 * and only listable products asked for, as that table holds no others (visibility 1, a configurable's children).
 */
function facetTableServes(filter: Record<string, unknown>, fields: Record<string, unknown>): boolean {
  const listable = (v: unknown) => typeof v === 'number' && v !== 1;
  const visibility = filter.visibility as unknown;
  const onlyListable =
    visibility === undefined ||
    listable(visibility) ||
    (Array.isArray(visibility) && visibility.every(listable)) ||
    (typeof visibility === 'object' &&
      visibility !== null &&
      Object.entries(visibility).every(
        ([op, v]) => (op === 'in' && Array.isArray(v) && v.every(listable)) || (op === 'eq' && listable(v)),
      ));
  return (
    onlyListable && Object.keys(filter).every((name) => !Object.hasOwn(fields, name) || FACET_TABLE_FIELDS.has(name))
  );
}

/**
 * The FROM and WHERE of the matching products: `products p`, or with a text `product_search s` joined to `products p`
 * only when a product column is needed (`withProducts`, or a filter on one).
 */
export function matchingSql(
  where: Where,
  withProducts: boolean,
  textCondition = where.text?.condition,
): { from: string; where: string } {
  const conditions = [...where.search, ...(textCondition ? [textCondition] : []), ...where.product];
  const sql = conditions.length > 0 ? conditions.join(' and ') : 'true';
  if (!where.text) return { from: 'products p', where: sql };
  if (!withProducts && where.product.length === 0) return { from: 'product_search s', where: sql };
  return { from: 'product_search s join products p on p.id = s.id', where: sql };
}
