import { dequal } from 'dequal';
import { LISTING_BASE_FILTER } from '../../domain/catalog/listing-query.ts';
import { PRICE_BUCKETS, priceBucketAggregationKey } from '../../domain/catalog/price-buckets.ts';
import { toCents } from '../../domain/money.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/envelope.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { facetCounts, PRICE_ROW_CODE, readCatalogVersion, type FacetCountRow } from './facet-count-cache.ts';
import { compileFilter, parseSort, type FilterSchema } from './filter-compiler.ts';
import { projectFields, wantsField, type FieldSelection } from './field-projection.ts';
import { productDocument, type ProductDocument } from './product-document.ts';
import {
  finalPriceSql,
  productColumnsFor,
  PRODUCT_SORT_FIELDS,
  productFields,
  productPartsSql,
  productSortSql,
  type ProductRowWithParts,
} from './product-fields.ts';
import { lazyParam, SqlParams } from './sql-params.ts';
import { resolveText, textConditionSql, type TextQuery, type TextSql } from './text-query.ts';
import type { PriceContext } from './store-context.ts';

/**
 * The index in PRICE_BUCKETS (spec 000 §9 price filter ranges) of a matched product's final price in cents, as SQL:
 * `case when m.final_cents < 5000 then '0' … else '3' end` (the last bucket is open).
 */
const PRICE_BUCKET_INDEX_SQL = `case ${PRICE_BUCKETS.slice(0, -1)
  .map((b, i) => `when m.final_cents < ${toCents(b.to ?? b.from)} then '${i}'`)
  .join(' ')} else '${PRICE_BUCKETS.length - 1}' end`;
/** Spec 000 §9 "Filter aggregation size 10". */
export const AGGREGATION_SIZE = 10;

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

interface Where {
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

function buildWhere(request: SearchRequest, text: TextQuery | null, ctx: PriceContext, cache: CatalogCache): Where {
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
function matchingSql(
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

function aggregationCodes(request: SearchRequest, cache: CatalogCache): string[] {
  if (request.aggregations === undefined || request.aggregations === false) return [];
  if (request.aggregations === true) {
    return [...cache.attributes.values()]
      .filter((a) => a.is_filterable && a.frontend_input !== 'price')
      .map((a) => a.attribute_code)
      .concat('price');
  }
  return request.aggregations.map((code, i) => {
    if (code !== 'price' && cache.attributes.get(code)?.frontend_input === undefined) {
      throw badRequest(`body.aggregations.${i} is not a known attribute code`);
    }
    return code;
  });
}

/** The text of a request resolved against the catalogue's words, or null without a text. */
export async function resolveRequestText(db: Queryable, request: SearchRequest): Promise<TextQuery | null> {
  return request.text !== undefined && request.text.trim() !== '' ? resolveText(db, request.text) : null;
}

export async function searchProducts(
  db: Queryable,
  request: SearchRequest,
  ctx: PriceContext,
  cache: CatalogCache,
  resolved?: TextQuery | null,
): Promise<SearchResult<ProductDocument>> {
  const text = resolved === undefined ? await resolveRequestText(db, request) : resolved;
  const where = buildWhere(request, text, ctx, cache);
  const whereParamCount = where.params.values.length;
  const scoreSql = where.text?.score ?? null;
  const sortKeys = parseSort(request.sort, PRODUCT_SORT_FIELDS);
  if (sortKeys.some((k) => k.field === '_score' || k.field === 'score') && !scoreSql) {
    throw badRequest('sort: _score needs a text query');
  }
  if (sortKeys.length === 0)
    sortKeys.push(scoreSql ? { field: '_score', dir: 'desc' } : { field: 'position', dir: 'asc' });
  const [first] = sortKeys;
  const rankedByScore =
    sortKeys.length === 1 && first.dir === 'desc' && (first.field === '_score' || first.field === 'score');
  const codes = aggregationCodes(request, cache);

  const params = where.params;
  // Sort and count on narrow rows first; only the page's rows are then read whole (doc and attrs are large).
  const page =
    rankedByScore && where.text ? rankInPasses(where, where.text, request) : rankAll(where, sortKeys, request);
  const parts = productPartsSql({
    children: wantsField(request, 'configurable_children'),
    links: wantsField(request, 'product_links'),
    tierGroupParam: ctx.customerGroupId !== null ? params.add(ctx.customerGroupId) : undefined,
  });
  const sql = `with ${page}
    select ${productColumnsFor((field) => wantsField(request, field))}, page.score, page.total_count, ${parts}
      from page join products p on p.id = page.id order by page.rn`;
  const pagePromise = db.query<ProductRowWithParts & { total_count: string | number; score: number }>(
    sql,
    params.values,
  );
  const aggPromise = codes.length > 0 ? aggregate(db, request, text, ctx, cache, codes) : Promise.resolve({});
  const [pageRows, aggregations] = await Promise.all([pagePromise, aggPromise]);

  let total = pageRows.rows.length > 0 ? Number(pageRows.rows[0].total_count) : 0;
  if (pageRows.rows.length === 0 && request.start > 0) {
    // Past the last page the count has no row to ride on.
    const matching = matchingSql(where, false);
    const count = await db.query<{ n: string | number }>(
      `select count(*) as n from ${matching.from} where ${matching.where}`,
      params.values.slice(0, whereParamCount),
    );
    total = Number(count.rows[0].n);
  }
  const items = pageRows.rows.map((row) => {
    const doc = productDocument(row, ctx, cache.taxRules);
    if (scoreSql) doc._score = Number(row.score);
    return projectFields(doc, request);
  });

  const attributeMetadata = codes
    .filter((c) => c !== 'price')
    .map((code) => cache.attributes.get(code)!)
    .map((a) => ({
      attribute_id: a.attribute_id,
      attribute_code: a.attribute_code,
      frontend_label: a.frontend_label,
      frontend_input: a.frontend_input,
      is_filterable: a.is_filterable,
      options: a.options.map((o) => ({ value: o.value, label: o.label, ...(o.swatch ? { swatch: o.swatch } : {}) })),
    }));
  return { items, total, start: request.start, perPage: request.size, aggregations, attributeMetadata };
}

/**
 * The `page` CTE (id, score, total_count, rn) of any sort: every match is sorted and counted on narrow rows.
 */
function rankAll(where: Where, sortKeys: { field: string; dir: string }[], request: SearchRequest): string {
  const scoreSql = where.text?.score ?? null;
  const needsProducts = sortKeys.some((k) => k.field !== '_score' && k.field !== 'score');
  const matching = matchingSql(where, needsProducts);
  const id = matching.from === 'product_search s' ? 's.id' : 'p.id';
  const orderBy = sortKeys
    .map((k) => `${productSortSql(k.field, where.today, scoreSql?.() ?? null)} ${k.dir}`)
    .concat(`${id} asc`)
    .join(', ');
  const limit = where.params.add(request.size);
  const offset = where.params.add(request.start);
  return `page as (
      select ${id} as id, ${scoreSql?.() ?? '0'}::float8 as score, count(*) over () as total_count,
             row_number() over (order by ${orderBy}) as rn
        from ${matching.from} where ${matching.where}
       order by ${orderBy} limit ${limit} offset ${offset})`;
}

/**
 * The `page` CTE of a text search by score, ranked in passes: a two-word query matches every product with either
 * word (spec 000 §9 "minimum_should_match 75%"), thousands at 50 000 products, but its page is nearly always filled
 * by the few hundred with every word. Those are scored first; when the page's last one scores more than any product
 * missing a word can (`partialCeiling`), that is the page, and the other matches are only counted (from
 * product_search's narrow rows). Otherwise every match is scored, as rankAll does. Same order either way: score
 * descending, then id.
 */
function rankInPasses(where: Where, text: TextSql, request: SearchRequest): string {
  const params = where.params;
  const matching = matchingSql(where, false);
  // Every word found implies the 75 % condition; the GIN index then only looks up the rarer conjunction.
  const every = matchingSql(where, false, text.everyWord());
  const score = text.score();
  const depth = params.add(request.start + request.size);
  // The ceiling is a sum of fifths over 4n: a margin far below any real gap keeps float rounding from admitting a tie.
  const ceiling = params.add(text.partialCeiling + 1e-9);
  return `top as (
      select s.id, ${score}::float8 as score from ${every.from} where ${every.where}
       order by 2 desc, 1 limit ${depth}),
    enough as (select count(*) = ${depth} and min(score) > ${ceiling}::float8 as ok from top),
    ranked as (
      select id, score from top where (select ok from enough)
      union all
      (select s.id, ${score}::float8 from ${matching.from} where ${matching.where} and not (select ok from enough)
        order by 2 desc, 1 limit ${depth})),
    page as (
      select id, score, (select count(*) from ${matching.from} where ${matching.where}) as total_count,
             row_number() over (order by score desc, id) as rn
        from ranked order by score desc, id limit ${params.add(request.size)} offset ${params.add(request.start)})`;
}

/**
 * What every facet count of one search shares: the database, the resolved text, the prices' context, the catalogue
 * and its version.
 */
interface CountScope {
  db: Queryable;
  text: TextQuery | null;
  ctx: PriceContext;
  cache: CatalogCache;
  catalogVersion: string;
}

/** The rows of the given facets over the request's matches, counted before for the same matches or now. */
function countBuckets(scope: CountScope, request: SearchRequest, codes: string[]): Promise<FacetCountRow[]> {
  const key = {
    catalogVersion: scope.catalogVersion,
    today: scope.ctx.today,
    text: request.text,
    filter: request.filter ?? {},
  };
  return facetCounts(scope.db, key, codes, (missing) => countBucketsNow(scope, request, missing));
}

/**
 * The category whose listable products are exactly a request's matches, or null: no text, and a filter on one
 * category with nothing else but the listing's own visibility and status (LISTING_BASE_FILTER, or none, which
 * buildWhere reads as the same). Every category listing the app opens is one, and so is the count of a ticked
 * facet without its own tick.
 */
function wholeCategoryOf(request: SearchRequest): number | null {
  if (request.text) return null;
  const { category_ids: category, ...rest } = request.filter ?? {};
  for (const [name, value] of Object.entries(rest)) {
    if (name !== 'visibility' && name !== 'status') return null;
    if (!dequal(value, LISTING_BASE_FILTER[name])) return null;
  }
  const id =
    typeof category === 'object' && category !== null
      ? Object.keys(category).length === 1
        ? ((category as { in?: unknown }).in ?? (category as { eq?: unknown }).eq)
        : undefined
      : category;
  const only = Array.isArray(id) ? (id.length === 1 ? id[0] : undefined) : id;
  return Number.isInteger(only) ? (only as number) : null;
}

/** The facet rows of a whole category, kept by the database as its products change (migration 097). */
async function keptCategoryCounts(db: Queryable, category: number, codes: string[]): Promise<FacetCountRow[]> {
  const { rows } = await db.query<FacetCountRow>(
    `select code, value, n from category_facet_counts where category_id = $1 and code = any($2::text[]) and n > 0`,
    [category, codes],
  );
  return rows;
}

/** The rows `(code, value, n)` of the given facets over the request's matches (price by bucket index). */
async function countBucketsNow(scope: CountScope, request: SearchRequest, codes: string[]): Promise<FacetCountRow[]> {
  const category = wholeCategoryOf(request);
  if (category === null) return countBucketsLive(scope, request, codes);
  const attrCodes = codes.filter((c) => c !== 'price');
  const [kept, price] = await Promise.all([
    attrCodes.length > 0 ? keptCategoryCounts(scope.db, category, attrCodes) : [],
    // special prices start and end by the day, so the price buckets are counted each time
    codes.includes('price') ? countBucketsLive(scope, request, ['price']) : [],
  ]);
  return [...kept, ...price];
}

/** The rows of the given facets counted over the request's matches now. */
async function countBucketsLive(
  { db, text, ctx, cache }: CountScope,
  request: SearchRequest,
  codes: string[],
): Promise<FacetCountRow[]> {
  const where = buildWhere(request, text, ctx, cache);
  const params = where.params;
  const attrCodes = codes.filter((c) => c !== 'price');
  const parts: string[] = [];
  if (attrCodes.length > 0) {
    // Each asked code is read from the attributes by key (a product has ~10): expanding every attribute first was
    // ~10 % slower on a category of thousands (bench, 50 000 products).
    parts.push(`select c.code, v.value as value, count(*)::int as n
        from matched m cross join unnest(${params.add(attrCodes)}::text[]) c(code)
             cross join lateral jsonb_array_elements_text(case
               when jsonb_typeof(m.attrs -> c.code) = 'array' then m.attrs -> c.code
               when m.attrs -> c.code is null then '[]'::jsonb
               else jsonb_build_array(m.attrs -> c.code) end) v
       where v.value is not null
       group by c.code, v.value`);
  }
  if (codes.includes('price')) {
    parts.push(`select '${PRICE_ROW_CODE}' as code,
        ${PRICE_BUCKET_INDEX_SQL} as value, count(*)::int as n
        from matched m group by 2`);
  }
  const matching = matchingSql(where, true);
  const from = where.facetTable ? 'product_facets p' : matching.from;
  const sql = `with matched as (select p.attrs, ${finalPriceSql(where.today)} as final_cents
      from ${from} where ${matching.where})
    ${parts.join(' union all ')}`;
  return (await db.query<FacetCountRow>(sql, params.values)).rows;
}

/** The request filter a facet's own choices go into: the price facet's buckets become a `final_price` range. */
const facetFilterKey = (code: string) => (code === 'price' ? 'final_price' : code);

/**
 * Term buckets per attribute (top AGGREGATION_SIZE by doc_count) and the spec's price buckets, over the same filtered
 * set as the items, except that a facet the request filters on is counted without its own filter
 * (docs/catalogue-and-search.md "Facets"): a shopper who ticked one colour still sees the others, with what each would
 * add, and can tick a second. One query for the facets nothing filters, one more per filtered facet, each only when
 * the same matches were not counted before (facet-count-cache.ts).
 */
async function aggregate(
  db: Queryable,
  request: SearchRequest,
  text: TextQuery | null,
  ctx: PriceContext,
  cache: CatalogCache,
  codes: string[],
): Promise<Record<string, { buckets: Bucket[] }>> {
  const filter = request.filter ?? {};
  const own = codes.filter((c) => Object.hasOwn(filter, facetFilterKey(c)));
  const others = codes.filter((c) => !own.includes(c));
  const groups: { request: SearchRequest; codes: string[] }[] = [
    ...(others.length > 0 ? [{ request, codes: others }] : []),
    ...own.map((code) => {
      const { [facetFilterKey(code)]: _, ...rest } = filter;
      return { request: { ...request, filter: rest }, codes: [code] };
    }),
  ];
  const scope = { db, text, ctx, cache, catalogVersion: await readCatalogVersion(db) };
  const rows = (await Promise.all(groups.map((g) => countBuckets(scope, g.request, g.codes)))).flat();
  const attrCodes = codes.filter((c) => c !== 'price');
  const result: Record<string, { buckets: Bucket[] }> = {};
  for (const code of attrCodes) {
    const buckets = rows
      .filter((r) => r.code === code)
      .sort((a, b) => b.n - a.n || a.value.localeCompare(b.value))
      .slice(0, AGGREGATION_SIZE)
      .map((r) => ({ key: r.value, doc_count: Number(r.n) }));
    result[`agg_terms_${code}`] = { buckets };
  }
  if (codes.includes('price')) {
    result.agg_range_price = {
      buckets: PRICE_BUCKETS.map((b, i) => ({
        key: priceBucketAggregationKey(b),
        from: b.from,
        to: b.to ?? null,
        doc_count: Number(rows.find((r) => r.code === PRICE_ROW_CODE && r.value === String(i))?.n ?? 0),
      })),
    };
  }
  return result;
}
