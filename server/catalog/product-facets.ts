import { dequal } from 'dequal';
import { LISTING_BASE_FILTER } from '../../domain/catalog/listing-query.ts';
import { PRICE_BUCKETS, priceBucketAggregationKey } from '../../domain/catalog/price-buckets.ts';
import { toCents } from '../../domain/money.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/envelope.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { facetCounts, PRICE_ROW_CODE, readCatalogVersion, type FacetCountRow } from './facet-count-cache.ts';
import { finalPriceSql } from './product-fields.ts';
import { buildWhere, matchingSql, type Bucket, type SearchRequest } from './product-matching.ts';
import type { TextQuery } from './text-query.ts';
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

/** The attribute codes a request asks facets of (`aggregations: true`: every filterable one and price). */
export function aggregationCodes(request: SearchRequest, cache: CatalogCache): string[] {
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
export async function aggregate(
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
