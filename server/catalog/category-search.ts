import type { Queryable } from '../db/index.ts';
import { columnFields, compileFilter, parseSort } from './filter-compiler.ts';
import { projectFields } from './field-projection.ts';
import type { SearchRequest, SearchResult } from './product-search.ts';
import { SqlParams } from './sql-params.ts';

const CATEGORY_FIELDS = columnFields('c', {
  id: 'int',
  parent_id: 'int',
  level: 'int',
  position: 'int',
  is_active: 'bool',
  include_in_menu: 'bool',
  url_path: 'text',
  url_key: 'text',
  slug: 'text',
  name: 'text',
  path: 'text',
  product_count: 'int',
});
const SORT_FIELDS = new Set(['id', 'position', 'level', 'name', 'product_count', 'parent_id']);

interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  url_key: string;
  url_path: string;
  level: number;
  path: string;
  position: number;
  is_active: boolean;
  include_in_menu: boolean;
  product_count: number;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  meta_robots: string | null;
  canonical: string | null;
  updated_at: Date | string;
}

export type CategoryDocument = Record<string, unknown>;

/**
 * Category documents (spec 000 §3 "Category") with `children_data` holding the whole subtree, as Magento's category
 * index does, so one call builds a menu. The tree is a few hundred rows at most: one query reads it all.
 */
export async function searchCategories(db: Queryable, request: SearchRequest): Promise<SearchResult<CategoryDocument>> {
  const params = new SqlParams();
  const conditions = compileFilter(request.filter ?? {}, { fields: CATEGORY_FIELDS }, params);
  const sort = parseSort(request.sort, SORT_FIELDS);
  const orderBy = (sort.length ? sort.map((k) => `c.${k.field} ${k.dir}`) : ['c.position asc'])
    .concat('c.id asc')
    .join(', ');
  const limit = params.add(request.size);
  const offset = params.add(request.start);
  const [page, all] = await Promise.all([
    db.query<CategoryRow & { total_count: string | number }>(
      `select c.*, count(*) over () as total_count from categories c
        where ${conditions.length ? conditions.join(' and ') : 'true'} order by ${orderBy} limit ${limit} offset ${offset}`,
      params.values,
    ),
    db.query<CategoryRow>('select * from categories order by position, id'),
  ]);
  const children = new Map<number, CategoryRow[]>();
  for (const row of all.rows) {
    if (row.parent_id === null) continue;
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const build = (row: CategoryRow, depth: number): CategoryDocument => {
    const kids = children.get(row.id) ?? [];
    return {
      id: row.id,
      parent_id: row.parent_id,
      parent_ids: row.path
        .split('/')
        .map(Number)
        .filter((id) => id !== row.id),
      name: row.name,
      slug: row.slug,
      url_key: row.url_key,
      url_path: row.url_path,
      level: row.level,
      path: row.path,
      position: row.position,
      is_active: row.is_active,
      include_in_menu: row.include_in_menu,
      product_count: row.product_count,
      children_count: kids.length,
      // Deep enough for any menu; a guard against a cycle in bad data.
      children_data: depth < 8 ? kids.map((k) => build(k, depth + 1)) : [],
      description: row.description ?? '',
      meta_title: row.meta_title ?? row.name,
      meta_description: row.meta_description ?? '',
      meta_keywords: row.meta_keywords ?? '',
      meta_robots: row.meta_robots ?? 'INDEX,FOLLOW',
      canonical: row.canonical ?? row.url_path,
      alternate_href_tags: [],
      updated_at: new Date(row.updated_at).toISOString(),
    };
  };
  let total = page.rows.length ? Number(page.rows[0].total_count) : 0;
  if (!page.rows.length && request.start > 0) {
    const count = await db.query<{ n: string }>(
      `select count(*) as n from categories c where ${conditions.length ? conditions.join(' and ') : 'true'}`,
      params.values.slice(0, params.values.length - 2),
    );
    total = Number(count.rows[0].n);
  }
  return {
    items: page.rows.map((row) => projectFields(build(row, 0), request)),
    total,
    start: request.start,
    perPage: request.size,
    aggregations: {},
    attributeMetadata: [],
  };
}
