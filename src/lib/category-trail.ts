import type { Category } from '../../worker/api-types.ts';
import {
  deepestCategory,
  parentIdsOf,
  trailIdsOf,
  trailTo,
  type TrailEntry,
} from '../../domain/catalog/category-trail.ts';
import { prefetchKey } from '../../domain/page-data.ts';
import { shop } from './shop.ts';
import { useAsync } from './use-async.ts';

/** The categories above `category` on its path (spec 000 §3 Category.path), top first, root excluded. */
export async function categoryParents(category: Category): Promise<Category[]> {
  const parents = await Promise.all(
    parentIdsOf(category).map((id) =>
      shop()
        .getCategory({ id })
        .catch(() => null),
    ),
  );
  return parents.filter((c): c is Category => c !== null);
}

/**
 * A product's category path for its breadcrumbs (spec 001 §2 "Breadcrumbs come from the category path"): the deepest
 * of its active categories with the active categories above it, top first (domain/catalog/category-trail.ts; the
 * server renders the same, in the same shape). Empty while loading or when it has none.
 */
export function useProductCategoryTrail(categoryIds: readonly number[] | undefined): TrailEntry[] {
  const ids = trailIdsOf(categoryIds);
  const trail = useAsync(ids.length ? prefetchKey.categoryTrail(ids) : null, async () => {
    const categories = (
      await Promise.all(
        ids.map((id) =>
          shop()
            .getCategory({ id })
            .catch(() => null),
        ),
      )
    ).filter((c): c is Category => c !== null);
    const deepest = deepestCategory(categories);
    if (!deepest) return [];
    return trailTo(deepest, await categoryParents(deepest));
  });
  return trail.status === 'success' ? trail.data : [];
}
