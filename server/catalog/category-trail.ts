import type { Queryable } from '../db/index.ts';
import { deepestCategory, parentIdsOf, trailIdsOf } from '../../domain/catalog/category-trail.ts';

export interface TrailRow {
  id: number;
  name: string;
  url_path: string;
  level: number;
  path: string;
  is_active: boolean;
}

/**
 * A product's breadcrumbs (domain/catalog/category-trail.ts): its deepest active category and the active ones above
 * it, top first, in one query (the product's categories and every category on their paths).
 */
export async function productCategoryTrail(db: Queryable, categoryIds: readonly number[]): Promise<TrailRow[]> {
  const ids = trailIdsOf(categoryIds);
  if (ids.length === 0) return [];
  const { rows } = await db.query<TrailRow>(
    `select id, name, url_path, level, path, is_active from categories
      where id = any($1::int[])
         or id in (select unnest(string_to_array(path, '/')::int[]) from categories where id = any($1::int[]))`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const deepest = deepestCategory(ids.flatMap((id) => byId.get(id) ?? []));
  if (!deepest) return [];
  const parents = parentIdsOf(deepest).flatMap((id) => {
    const parent = byId.get(id);
    return parent?.is_active ? [parent] : [];
  });
  return [...parents, deepest];
}
