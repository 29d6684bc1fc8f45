import type { Queryable } from '../db/index.ts';
import { columnFields } from './filter-compiler.ts';
import type { SearchRequest, SearchResult } from './product-search.ts';
import { searchTable, type TableSearchSpec } from './table-search.ts';

const TAX_RULES: TableSearchSpec = {
  from: 'tax_rules r',
  alias: 'r',
  fields: columnFields('r', {
    id: 'int',
    code: 'text',
    priority: 'int',
    product_tax_class_ids: 'intarray',
    customer_tax_class_ids: 'intarray',
  }),
  sortFields: new Set(['id', 'priority', 'code']),
  defaultSort: 'priority asc',
  tieBreaker: 'id',
  columns: `r.id, r.code, r.priority, r.product_tax_class_ids, r.customer_tax_class_ids,
            (select coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'code', t.code, 'rate', t.rate::float8,
                    'tax_country_id', t.tax_country_id, 'region_name', t.region_name, 'tax_region_id', t.tax_region_id)
                    order by t.id), '[]'::jsonb)
               from tax_rates t where t.tax_rule_id = r.id) as rates`,
};

/** Tax rules with their rates (spec 000 §3 "Tax rule"); rates are percent numbers (21). */
export function searchTaxRules(db: Queryable, request: SearchRequest): Promise<SearchResult<Record<string, unknown>>> {
  return searchTable(db, request, TAX_RULES);
}
