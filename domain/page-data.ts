import type { ListingState } from './catalog/listing-query.ts';

/**
 * What the server rendered a page from (README "Server rendering"): the HTTP status, the head of the page and the
 * answers the page's data hooks ask for, keyed as they ask. The app starts from these answers when it hydrates, so
 * its first render is the server's; then the worker answers the same hooks and takes over.
 */
export interface PageData {
  status: 200 | 301 | 404;
  /** With status 301: where the page moved (a configurable child's URL goes to its parent, spec 000 §2). */
  redirect?: string;
  head: PageHead;
  /** Data hook key (below) → the answer the server rendered with. */
  prefetched: Record<string, unknown>;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page's one spelling. */
  canonical: string;
}

/** The keys under which the app's data hooks cache their answers; the server fills the same keys. */
export const prefetchKey = {
  /** The URL dispatcher's resolution of a path as the router sees it (spec 000 §2). */
  route: (pathname: string) => `route:${pathname}`,
  product: (parentSku: string) => `product:${parentSku}`,
  category: (urlPath: string) => `category:${urlPath}`,
  listing: (categoryId: number, state: ListingState) => `listing:${categoryId}:${JSON.stringify(state)}`,
  story: (slug: string) => `story:${slug}`,
  search: (text: string, page: number) => `search:${text}:${page}`,
  stores: () => 'stores',
};

/** The shop's name in every page title. */
export const SHOP_TITLE = 'OFM Herenmode';

export const pageTitle = (title: string | undefined) => (title ? `${title} | ${SHOP_TITLE}` : SHOP_TITLE);

/** The shop's description where a page has none of its own (index.html's). */
export const DEFAULT_DESCRIPTION =
  'OFM – herenmode online: pakken, colberts, overhemden, knitwear, jeans en schoenen. Gratis retour en levering in 1 tot 3 werkdagen.';

/** Search engines show about 160 characters of a description: plain text, cut at a word. */
export function metaDescription(html: unknown, fallback = DEFAULT_DESCRIPTION): string {
  const text =
    typeof html === 'string'
      ? html
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  if (!text) return fallback;
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}…`;
}
