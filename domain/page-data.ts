import type { StoreCode } from './store-view.ts';
import type { PageHead } from './seo/page-head.ts';
import type { ListingState, TextSearchRefinement } from './catalog/listing-query.ts';
import type { LandingPageQuery } from './search-provider/landing-page.ts';

/**
 * What the server rendered a page from (docs/server-rendering.md): the HTTP status, the store view, the head of the
 * page and the answers the page's data hooks ask for, keyed as they ask. The app starts from these answers when it
 * hydrates, so its first render is the server's; then the worker answers the same hooks and takes over.
 */
export interface PageData {
  /** 404: the not-found page (the app's not-found view); 410: a product the catalogue disabled. */
  status: 200 | 404 | 410;
  store: StoreCode;
  head: PageHead;
  /** Data hook key (below) → the answer the server rendered with. */
  prefetched: Record<string, unknown>;
}

/** The keys under which the app's data hooks cache their answers; the server fills the same keys. */
export const prefetchKey = {
  /** The URL dispatcher's resolution of a path as the router sees it (spec 000 §2). */
  route: (pathname: string) => `route:${pathname}`,
  product: (parentSku: string) => `product:${parentSku}`,
  /** A product's breadcrumbs from its categories below the root (src/lib/category-trail.ts). */
  categoryTrail: (categoryIds: readonly number[]) => `category-trail:${categoryIds.join(',')}`,
  /** A product's other colours (src/features/product/use-product.ts). */
  colors: (parentSku: string) => `colors:${parentSku}`,
  /** The first page of a product's reviews: the rating line and the review modal (src/features/product/). */
  reviews: (sku: string) => `reviews:${sku}`,
  category: (urlPath: string) => `category:${urlPath}`,
  /** A category's children in menu order (the tabs, the side menu, the home page's shortcuts). */
  childCategories: (parentId: number) => `categories:${parentId}`,
  listing: (categoryId: number, state: ListingState) => `listing:${categoryId}:${JSON.stringify(state)}`,
  story: (slug: string) => `story:${slug}`,
  /** The theme config as domain/content/theme.ts reads it (the logo, menu and colours of every page's shell). */
  theme: () => 'theme',
  search: (text: string, page: number, refine: TextSearchRefinement) =>
    `search:${text}:${page}:${JSON.stringify(refine)}`,
  /** The store locator's list without a search (src/features/stores/). */
  stores: () => 'stores:',
  store: (slug: string) => `store:${slug}`,
  /** A search-provider landing page with its page, sort and filters (src/features/search/landing-page.tsx). */
  landing: (query: LandingPageQuery) => `landing:${JSON.stringify(query)}`,
};
