import type { Queryable } from '../db/index.ts';
import {
  deepestCategory,
  parentIdsOf,
  trailIdsOf,
  trailTo,
  type TrailEntry,
} from '../../domain/catalog/category-trail.ts';

/**
 * A product's breadcrumbs (domain/catalog/category-trail.ts): its deepest active category and the active ones above
 * it, top first, in one query (the product's categories and every category on their paths).
 */
export async function productCategoryTrail(db: Queryable, categoryIds: readonly number[]): Promise<TrailEntry[]> {
  const ids = trailIdsOf(categoryIds);
  if (ids.length === 0) return [];
  const { rows } = await db.query<TrailEntry>(
    `select id, name, url_path, level, path, is_active from categories
      where id = any($1::int[])
         or id in (select unnest(string_to_array(path, '/')::int[]) from categories where id = any($1::int[]))`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const deepest = deepestCategory(ids.flatMap((id) => byId.get(id) ?? []));
  if (!deepest) return [];
  return trailTo(
    deepest,
    parentIdsOf(deepest).flatMap((id) => byId.get(id) ?? []),
  );
}
