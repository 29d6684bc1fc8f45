import type { Queryable } from '../db/index.ts';
import { compileFilter, parseSort, type FieldSpec } from './filter-compiler.ts';
import { projectFields } from './field-projection.ts';
import type { SearchRequest, SearchResult } from './product-search.ts';
import { SqlParams } from './sql-params.ts';

const TAXRULE_FIELDS: Record<string, FieldSpec> = {
  id: { kind: 'int', sql: 'r.id' },
  code: { kind: 'text', sql: 'r.code' },
  priority: { kind: 'int', sql: 'r.priority' },
  product_tax_class_ids: { kind: 'intarray', sql: 'r.product_tax_class_ids' },
  customer_tax_class_ids: { kind: 'intarray', sql: 'r.customer_tax_class_ids' },
};
const SORT_FIELDS = new Set(['id', 'priority', 'code']);

/** Tax rules with their rates (spec 000 §3 "Tax rule"); rates are percent numbers (21). */
export async function searchTaxRules(db: Queryable, request: SearchRequest): Promise<SearchResult<Record<string, unknown>>> {
  const params = new SqlParams();
  const conditions = compileFilter(request.filter ?? {}, { fields: TAXRULE_FIELDS }, params);
  const sort = parseSort(request.sort, SORT_FIELDS);
  const orderBy = (sort.length ? sort.map((k) => `r.${k.field} ${k.dir}`) : ['r.priority asc']).concat('r.id asc').join(', ');
  const where = conditions.length ? conditions.join(' and ') : 'true';
  const { rows } = await db.query<Record<string, unknown> & { total_count: string | number }>(
    `select r.id, r.code, r.priority, r.product_tax_class_ids, r.customer_tax_class_ids,
            (select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'code', t.code, 'rate', t.rate::float8,
                    'tax_country_id', t.tax_country_id, 'region_name', t.region_name, 'tax_region_id', t.tax_region_id)
                    order by t.id), '[]'::jsonb)
               from tax_rates t where t.tax_rule_id = r.id) as rates,
            count(*) over () as total_count
       from tax_rules r where ${where} order by ${orderBy}
      limit ${params.add(request.size)} offset ${params.add(request.start)}`,
    params.values,
  );
  let total = rows.length ? Number(rows[0].total_count) : 0;
  if (!rows.length && request.start > 0) {
    const count = await db.query<{ n: string }>(`select count(*) as n from tax_rules r where ${where}`, params.values.slice(0, -2));
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
