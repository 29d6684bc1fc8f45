import { STORE_CODES, storeViewUrl, type StoreCode } from '../store-view.ts';

/**
 * The two storefronts as search engines see them. Spec 000 §2 keeps store codes out of URLs, so a store view is told
 * apart by its host (domain/store-view.ts): `www.ofm-shop.nl/x` and `www.ofm-shop.be/x` are the same page in the two
 * stores. On a host that names neither store (a preview domain) both stores share one URL.
 */
export const SEO_STORES = {
  nl: { hreflang: 'nl-NL', ogLocale: 'nl_NL' },
  be: { hreflang: 'nl-BE', ogLocale: 'nl_BE' },
} as const satisfies Record<StoreCode, { hreflang: string; ogLocale: string }>;
export type SeoStore = StoreCode;
export const SEO_STORE_CODES: readonly SeoStore[] = STORE_CODES;

/** The shop's name in titles (the app's document titles use the same: src/lib/document-title.ts). */
export const SHOP_NAME = 'OFM Herenmode';
export const SHOP_DESCRIPTION =
  'OFM – herenmode online: pakken, colberts, overhemden, knitwear, jeans en schoenen. Gratis retour en levering in 1 tot 3 werkdagen.';

/** Absolute URL of a url_path ('heren/pak', '' for home) in a store: 'https://www.ofm-shop.be/heren/pak'. */
export function pageUrl(origin: string, store: SeoStore, urlPath: string): string {
  return storeViewUrl(`${origin}/${urlPath.replace(/^\/+/, '')}`, store);
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
