/**
 * The two storefronts as search engines see them. Spec 000 §2 keeps store codes out of URLs within a store; the BE
 * storefront has no URL scheme of its own yet, so its pages live under a `/be/` path prefix on the same origin
 * (README "SEO and caching"). One place decides it: change `prefix` here when the BE store gets its own origin.
 */
export const SEO_STORES = {
  nl: { hreflang: 'nl-NL', ogLocale: 'nl_NL', prefix: '' },
  be: { hreflang: 'nl-BE', ogLocale: 'nl_BE', prefix: '/be' },
} as const;
export type SeoStore = keyof typeof SEO_STORES;
export const SEO_STORE_CODES = Object.keys(SEO_STORES) as SeoStore[];

/** The shop's name in titles (the app's document titles use the same: src/lib/document-title.ts). */
export const SHOP_NAME = 'OFM Herenmode';
export const SHOP_DESCRIPTION =
  'OFM – herenmode online: pakken, colberts, overhemden, knitwear, jeans en schoenen. Gratis retour en levering in 1 tot 3 werkdagen.';

/** '/be/heren/pak' → { store: 'be', path: 'heren/pak' }; '/heren/pak/' → { store: 'nl', path: 'heren/pak' }. */
export function storeOfPath(path: string): { store: SeoStore; path: string } {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  for (const store of SEO_STORE_CODES) {
    const prefix = SEO_STORES[store].prefix.replace(/^\//, '');
    if (prefix && (trimmed === prefix || trimmed.startsWith(`${prefix}/`))) {
      return { store, path: trimmed.slice(prefix.length + 1) };
    }
  }
  return { store: 'nl', path: trimmed };
}

/** Absolute URL of a url_path ('heren/pak', '' for home) in a store: 'https://shop.example/be/heren/pak'. */
export function pageUrl(origin: string, store: SeoStore, urlPath: string): string {
  const path = urlPath.replace(/^\/+/, '');
  const prefix = SEO_STORES[store].prefix;
  if (!path) return `${origin}${prefix}/`;
  return `${origin}${prefix}/${path}`;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** hreflang alternates of one page in every store, and x-default (the NL store, the default store view). */
export function alternatesOf(origin: string, urlPath: string): Alternate[] {
  return [
    ...SEO_STORE_CODES.map((store) => ({
      hreflang: SEO_STORES[store].hreflang,
      href: pageUrl(origin, store, urlPath),
    })),
    { hreflang: 'x-default', href: pageUrl(origin, 'nl', urlPath) },
  ];
}
