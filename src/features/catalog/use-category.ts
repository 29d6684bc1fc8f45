import type { Category, SearchResult } from '../../../worker/api-types.ts';
import { prefetchKey } from '../../../domain/page-data.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { PAGE_SIZE, type ListingState } from '../../lib/listing-search.ts';
import { ROOT_CATEGORY_ID } from '../../../domain/catalog/menu-categories.ts';
import { categoryParents } from '../../lib/category-trail.ts';

export interface CategoryData {
  category: Category;
  parents: Category[];
}

function findInTree(list: Category[] | undefined, slug: string): Category | undefined {
  for (const c of list ?? []) {
    if (c.url_key === slug || c.slug === slug) return c;
    const hit = findInTree(c.children_data, slug);
    if (hit) return hit;
  }
  return undefined;
}

/** `/c/{slug}` (spec 001 §2, no dispatcher) names a category by its url_key; look it up in the menu tree. */
async function bySlug(slug: string): Promise<Category | null> {
  const top = await shop().loadCategories(ROOT_CATEGORY_ID);
  let hit = findInTree(top, slug);
  if (!hit) {
    // One round of parallel lookups: the menu tree is two levels deep below the root.
    const children = await Promise.all(
      top.map((c) =>
        shop()
          .loadCategories(c.id)
          .catch(() => [] as Category[]),
      ),
    );
    hit = findInTree(children.flat(), slug);
  }
  return hit ? shop().getCategory({ id: hit.id }) : null;
}

export function useCategory(urlPath: string) {
  return useAsync<CategoryData | null>(prefetchKey.category(urlPath), async () => {
    const category = (await shop().getCategory({ url_path: urlPath })) ?? (await bySlug(urlPath));
    if (!category) return null;
    return { category, parents: await categoryParents(category) };
  });
}

export function useCategoryListing(categoryId: number | undefined, state: ListingState) {
  return useAsync<SearchResult>(categoryId === undefined ? null : prefetchKey.listing(categoryId, state), () =>
    shop().categoryListing({
      categoryId: categoryId!,
      filters: state.filters,
      sort: state.sort,
      page: state.page,
      size: PAGE_SIZE,
    }),
  );
}
