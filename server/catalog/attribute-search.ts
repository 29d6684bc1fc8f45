import type { Queryable } from '../db/index.ts';
import { columnFields } from './filter-compiler.ts';
import type { SearchRequest, SearchResult } from './product-search.ts';
import { searchTable, type TableSearchSpec } from './table-search.ts';

const ATTRIBUTES: TableSearchSpec = {
  from: 'attributes a',
  alias: 'a',
  fields: {
    ...columnFields('a', {
      attribute_id: 'int',
      attribute_code: 'text',
      frontend_input: 'text',
      is_filterable: 'bool',
      is_comparable: 'bool',
      is_visible_on_front: 'bool',
      is_user_defined: 'bool',
      is_visible: 'bool',
    }),
    id: { kind: 'int', sql: 'a.attribute_id' },
  },
  sortFields: new Set(['attribute_id', 'attribute_code', 'position']),
  defaultSort: 'position asc',
  tieBreaker: 'attribute_id',
  columns: `a.attribute_id, a.attribute_id as id, a.attribute_code, a.frontend_label, a.frontend_input, a.is_filterable,
            a.is_comparable, a.is_visible_on_front, a.is_user_defined, a.is_visible, a.position,
            (select coalesce(jsonb_agg(jsonb_build_object('value', o.value, 'label', o.label, 'swatch', o.swatch,
                    'sort_order', o.sort_order) order by o.sort_order, o.value), '[]'::jsonb)
               from attribute_options o where o.attribute_id = a.attribute_id) as options`,
};

/** Attributes (spec 000 §3 "Attribute") with their options (value, label, swatch), in one query. */
export function searchAttributes(
  db: Queryable,
  request: SearchRequest,
): Promise<SearchResult<Record<string, unknown>>> {
  return searchTable(db, request, ATTRIBUTES);
}
