import type { PageHead } from '../../domain/page-data.ts';

/**
 * A page's head tags in TanStack Router's `head()` form, from the head the server resolved for it. The seo branch's
 * builders (Open Graph, hreflang alternates, JSON-LD in domain/seo/) plug in here: this is the one place a page's
 * head is turned into tags.
 */
export function pageHeadTags(head: PageHead) {
  return {
    meta: [{ title: head.title }, { name: 'description', content: head.description }],
    links: [{ rel: 'canonical', href: head.canonical }],
  };
}
