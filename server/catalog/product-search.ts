import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/envelope.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { parseSort } from './filter-compiler.ts';
import { projectFields, wantsField } from './field-projection.ts';
import { productDocument, type ProductDocument } from './product-document.ts';
import { aggregate, aggregationCodes } from './product-facets.ts';
import {
  productColumnsFor,
  PRODUCT_SORT_FIELDS,
  productPartsSql,
  productSortSql,
  type ProductRowWithParts,
} from './product-fields.ts';
import { buildWhere, matchingSql, type SearchRequest, type SearchResult, type Where } from './product-matching.ts';
import { resolveText, type TextQuery, type TextSql } from './text-query.ts';
import type { PriceContext } from './store-context.ts';

export type { Bucket, SearchRequest, SearchResult } from './product-matching.ts';

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
