import type { Queryable } from '../db/index.ts';
import { compileFilter, parseSort, type FieldSpec } from './filter-compiler.ts';
import { projectFields } from './field-projection.ts';
import type { SearchRequest, SearchResult } from './product-search.ts';
import { SqlParams } from './sql-params.ts';

const ATTRIBUTE_FIELDS: Record<string, FieldSpec> = {
  attribute_id: { kind: 'int', sql: 'a.attribute_id' },
  id: { kind: 'int', sql: 'a.attribute_id' },
  attribute_code: { kind: 'text', sql: 'a.attribute_code' },
  frontend_input: { kind: 'text', sql: 'a.frontend_input' },
  is_filterable: { kind: 'bool', sql: 'a.is_filterable' },
  is_comparable: { kind: 'bool', sql: 'a.is_comparable' },
  is_visible_on_front: { kind: 'bool', sql: 'a.is_visible_on_front' },
  is_user_defined: { kind: 'bool', sql: 'a.is_user_defined' },
  is_visible: { kind: 'bool', sql: 'a.is_visible' },
};
const SORT_FIELDS = new Set(['attribute_id', 'attribute_code', 'position']);

/** Attributes (spec 000 §3 "Attribute") with their options (value, label, swatch), in one query. */
export async function searchAttributes(db: Queryable, request: SearchRequest): Promise<SearchResult<Record<string, unknown>>> {
  const params = new SqlParams();
  const conditions = compileFilter(request.filter ?? {}, { fields: ATTRIBUTE_FIELDS }, params);
  const sort = parseSort(request.sort, SORT_FIELDS);
  const orderBy = (sort.length ? sort.map((k) => `a.${k.field} ${k.dir}`) : ['a.position asc']).concat('a.attribute_id asc').join(', ');
  const where = conditions.length ? conditions.join(' and ') : 'true';
  const { rows } = await db.query<Record<string, unknown> & { total_count: string | number }>(
    `select a.attribute_id, a.attribute_id as id, a.attribute_code, a.frontend_label, a.frontend_input, a.is_filterable,
            a.is_comparable, a.is_visible_on_front, a.is_user_defined, a.is_visible, a.position,
            (select coalesce(jsonb_agg(jsonb_build_object('value', o.value, 'label', o.label, 'swatch', o.swatch,
                    'sort_order', o.sort_order) order by o.sort_order, o.value), '[]'::jsonb)
               from attribute_options o where o.attribute_id = a.attribute_id) as options,
            count(*) over () as total_count
       from attributes a where ${where} order by ${orderBy}
      limit ${params.add(request.size)} offset ${params.add(request.start)}`,
    params.values,
  );
  let total = rows.length ? Number(rows[0].total_count) : 0;
  if (!rows.length && request.start > 0) {
    const count = await db.query<{ n: string }>(`select count(*) as n from attributes a where ${where}`, params.values.slice(0, -2));
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
