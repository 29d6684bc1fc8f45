/**
 * The two store views and how a visit finds its own (spec 000 §2 "Store codes exist per storefront (one for NL, one
 * for BE). No store-code prefix is appended to URLs."; spec 001 §1 "Site language is nl (nl-be for a Belgian
 * store)"; spec 001 §3 "Store view: storeCode, storeId, i18n").
 *
 * URL scheme: with no store code in the path, a storefront is told apart by its host, as multistore shops without
 * `appendStoreCode` are: a host under `.be` is the Belgian store, under `.nl` the Dutch one, and every path is the
 * same on both. A host that names neither (127.0.0.1, a preview domain) serves the store the shopper chose last on
 * this device, else the default NL store.
 */
export const STORE_CODES = ['nl', 'be'] as const;
export type StoreCode = (typeof STORE_CODES)[number];

export interface StoreView {
  storeCode: StoreCode;
  /** The server's `store_views.store_id` (spec 000 §7 `storeId`). */
  storeId: number;
  /** BCP 47 locale of prices, dates and the message catalogue's overlay. */
  locale: 'nl-NL' | 'nl-BE';
  /** The `<html lang>` and hreflang value (spec 001 §1: nl, nl-be). */
  lang: 'nl' | 'nl-BE';
  /** Default tax and address country (spec 000 §1). */
  country: 'NL' | 'BE';
  /** The top-level domain of this store's own host. */
  tld: 'nl' | 'be';
  name: string;
}

export const DEFAULT_STORE_CODE: StoreCode = 'nl';

export const STORE_VIEWS: Record<StoreCode, StoreView> = {
  nl: { storeCode: 'nl', storeId: 1, locale: 'nl-NL', lang: 'nl', country: 'NL', tld: 'nl', name: 'Nederland' },
  be: { storeCode: 'be', storeId: 2, locale: 'nl-BE', lang: 'nl-BE', country: 'BE', tld: 'be', name: 'België' },
};

/** Where the shopper's last choice is kept on the device (a cookie, so a server render can read it too). */
export const STORE_CHOICE_COOKIE = 'ofm_store';

export function isStoreCode(value: unknown): value is StoreCode {
  return typeof value === 'string' && (STORE_CODES as readonly string[]).includes(value);
}

/** The store a host names by its top-level domain, or null for a host that names none. */
export function storeCodeOfHost(hostname: string): StoreCode | null {
  const tld = hostname.toLowerCase().replace(/\.$/, '').split('.').pop();
  return STORE_CODES.find((code) => STORE_VIEWS[code].tld === tld) ?? null;
}

/**
 * The store code a path names by its first segment (`/be/home` → 'be'), else null. No path of the shop has one (spec
 * 000 §2 "No store-code prefix is appended to URLs"): the server and the URL dispatcher answer such a path as not
 * found, so a route never names another store than the host's and spec 001 §2's multistore redirect has nothing to
 * redirect. The BE versions of content stories live under `be/` as slugs, reached by the path without the prefix.
 */
export function storeCodeOfPath(path: string): StoreCode | null {
  const first = path.replace(/^\/+/, '').split(/[/?#]/, 1)[0]!.toLowerCase();
  return isStoreCode(first) ? first : null;
}

/** The store view of a visit: the host's own store, else the remembered choice, else the default. */
export function resolveStoreCode(hostname: string, remembered: string | null | undefined): StoreCode {
  return storeCodeOfHost(hostname) ?? (isStoreCode(remembered) ? remembered : DEFAULT_STORE_CODE);
}

/**
 * The same page in another store view, for hreflang and the store switch: on a host that names a store the host's
 * top-level domain is swapped (`www.ofm-shop.nl/x` → `www.ofm-shop.be/x`); a host that names none has one URL for
 * both stores (the device's choice decides), so the answer is the URL as given.
 */
export function storeViewUrl(href: string, storeCode: StoreCode): string {
  const url = new URL(href);
  if (storeCodeOfHost(url.hostname) === null) return url.href;
  const labels = url.hostname.replace(/\.$/, '').split('.');
  labels[labels.length - 1] = STORE_VIEWS[storeCode].tld;
  url.hostname = labels.join('.');
  return url.href;
}

/** The value `document.cookie` stores the choice with: a year, the whole site, sent on top-level navigations. */
export function storeChoiceCookie(storeCode: StoreCode): string {
  return `${STORE_CHOICE_COOKIE}=${storeCode}; path=/; max-age=31536000; samesite=lax`;
}

/** The remembered choice in a Cookie header or `document.cookie`. */
export function storeChoiceFromCookies(cookies: string): StoreCode | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === STORE_CHOICE_COOKIE && isStoreCode(value)) return value;
  }
  return null;
}
