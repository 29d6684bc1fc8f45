import type { Category } from '../../worker/api-types.ts';
import { ROOT_CATEGORY_ID } from '../../domain/catalog/menu-categories.ts';
import { shop } from './shop.ts';
import { useAsync } from './use-async.ts';

/** The categories above `category` on its path (spec 000 §3 Category.path), top first, root excluded. */
export async function categoryParents(category: Category): Promise<Category[]> {
  const ids = (category.path ?? '')
    .split('/')
    .map(Number)
    .filter((id) => id > ROOT_CATEGORY_ID && id !== category.id);
  const parents = await Promise.all(
    ids.map((id) =>
      shop()
        .getCategory({ id })
        .catch(() => null),
    ),
  );
  return parents.filter((c): c is Category => c !== null);
}

/**
 * A product's category path for its breadcrumbs (spec 001 §2 "Breadcrumbs come from the category path"): the deepest
 * of its categories with the categories above it, top first. Empty while loading or when it has none.
 */
export function useProductCategoryTrail(categoryIds: readonly number[] | undefined): Category[] {
  const ids = (categoryIds ?? []).filter((id) => id > ROOT_CATEGORY_ID);
  const trail = useAsync(ids.length ? `category-trail:${ids.join(',')}` : null, async () => {
    const categories = (
      await Promise.all(
        ids.map((id) =>
          shop()
            .getCategory({ id })
            .catch(() => null),
        ),
      )
    ).filter((c): c is Category => c !== null);
    const depth = (c: Category) => c.level ?? (c.path ?? '').split('/').length;
    const deepest = categories.reduce<Category | null>((a, c) => (a && depth(a) >= depth(c) ? a : c), null);
    return deepest ? [...(await categoryParents(deepest)), deepest] : [];
  });
  return trail.status === 'success' ? trail.data : [];
}
