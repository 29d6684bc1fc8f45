import type { Category, SearchResult } from '../../../worker/api-types.ts';
import { prefetchKey } from '../../../domain/page-data.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { PAGE_SIZE, type ListingState } from '../../lib/listing-search.ts';

/** Root category id (spec 000 §9); parents at or below it are never looked up. */
const ROOT_CATEGORY_ID = 2;

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
    const ids = (category.path ?? '')
      .split('/')
      .map(Number)
      .filter((id) => id > ROOT_CATEGORY_ID && id !== category.id);
    const parents = (
      await Promise.all(
        ids.map((id) =>
          shop()
            .getCategory({ id })
            .catch(() => null),
        ),
      )
    ).filter((c): c is Category => c !== null);
    return { category, parents };
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
