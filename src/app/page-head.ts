import type { PageHead } from '../../domain/seo/page-head.ts';

/**
 * A page's head in TanStack Router's `head()` form: the tags the server resolved for it (domain/seo/: title,
 * description, canonical, hreflang alternates, Open Graph and JSON-LD), the same as the shell's head when the page
 * is served without rendering (server/seo/html-page.ts).
 */
export function pageHeadTags(head: PageHead) {
  return {
    meta: [
      { title: head.title },
      { name: 'description', content: head.description },
      ...(head.robots ? [{ name: 'robots', content: head.robots }] : []),
      ...Object.entries(head.openGraph).map(([property, content]) => ({ property, content })),
      // TanStack renders these as <script type="application/ld+json"> with the JSON escaped for HTML
      ...head.jsonLd.map((data) => ({ 'script:ld+json': data })),
    ],
    links: [
      ...(head.canonical ? [{ rel: 'canonical', href: head.canonical }] : []),
      ...head.alternates.map((a) => ({ rel: 'alternate', hrefLang: a.hreflang, href: a.href })),
    ],
  };
}
