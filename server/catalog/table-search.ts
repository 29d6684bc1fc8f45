import type { Queryable } from '../db/index.ts';
import { compileFilter, parseSort, type FieldSpec } from './filter-compiler.ts';
import { projectFields } from './field-projection.ts';
import type { SearchRequest, SearchResult } from './product-search.ts';
import { SqlParams } from './sql-params.ts';

/** One flat entity type behind `_search`: its table, the fields a filter or sort may name, and the columns to read. */
export interface TableSearchSpec {
  /** `attributes a`: the table with the alias every column expression uses. */
  from: string;
  alias: string;
  fields: Record<string, FieldSpec>;
  sortFields: ReadonlySet<string>;
  /** Order when the request names none, e.g. `position asc`. */
  defaultSort: string;
  /** Last sort key, so paging is stable among equal values. */
  tieBreaker: string;
  /** The select list (without the total count). */
  columns: string;
}

/**
 * Filter, sort and page one flat entity (attributes, tax rules) the way the product search does, in one query: the
 * total rides on each row as `count(*) over ()`, with a count of its own only for a page past the end.
 */
export async function searchTable(
  db: Queryable,
  request: SearchRequest,
  spec: TableSearchSpec,
): Promise<SearchResult<Record<string, unknown>>> {
  const { alias } = spec;
  const params = new SqlParams();
  const conditions = compileFilter(request.filter ?? {}, { fields: spec.fields }, params);
  const sort = parseSort(request.sort, spec.sortFields);
  const orderBy = (sort.length ? sort.map((k) => `${alias}.${k.field} ${k.dir}`) : [`${alias}.${spec.defaultSort}`])
    .concat(`${alias}.${spec.tieBreaker} asc`)
    .join(', ');
  const where = conditions.length ? conditions.join(' and ') : 'true';
  const { rows } = await db.query<Record<string, unknown> & { total_count: string | number }>(
    `select ${spec.columns}, count(*) over () as total_count
       from ${spec.from} where ${where} order by ${orderBy}
      limit ${params.add(request.size)} offset ${params.add(request.start)}`,
    params.values,
  );
  let total = rows.length ? Number(rows[0].total_count) : 0;
  if (!rows.length && request.start > 0) {
    const count = await db.query<{ n: string }>(
      `select count(*) as n from ${spec.from} where ${where}`,
      params.values.slice(0, -2),
    );
    total = Number(count.rows[0].n);
  }
  return {
    items: rows.map(({ total_count: _total, ...item }) => projectFields(item, request)),
    total,
    start: request.start,
    perPage: request.size,
    aggregations: {},
    attributeMetadata: [],
  };
}
