import type { StoreLocation, StoreStock } from '../../contract/store.ts';

/**
 * The stores and their stock are public GET answers: fetched here rather than through the worker, as CMS content is.
 * The service worker keeps the store list and pages (stale-while-revalidate), so a store page seen once opens
 * offline; stock per store is not cached, it is only worth showing fresh.
 */
async function getResult<T>(path: string, notFound?: T): Promise<T> {
  const res = await fetch(path, { headers: { accept: 'application/json' } });
  if (res.status === 404 && notFound !== undefined) return notFound;
  if (!res.ok) throw new Error(`${path} ${res.status}`);
  return ((await res.json()) as { result: T }).result;
}

/** All stores, or with a postcode or city every store with its distance, nearest first (empty: place unknown). */
export function fetchStores(query?: string): Promise<StoreLocation[]> {
  return getResult(query ? `/api/stores?q=${encodeURIComponent(query)}` : '/api/stores');
}

/** One store by slug; null when there is no such store. */
export function fetchStore(slug: string): Promise<StoreLocation | null> {
  return getResult<StoreLocation | null>(`/api/stores/${encodeURIComponent(slug)}`, null);
}

/** Every store with its pieces of one sku (0 where it has none). */
export function fetchStoreStock(sku: string): Promise<StoreStock[]> {
  return getResult(`/api/stock/stores?sku=${encodeURIComponent(sku)}`);
}

/** A phone number as a `tel:` link: the digits and a leading +, so "020 123 4501" dials 0201234501. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * A route to the store in the shopper's maps app: the maps URL that Android and iOS hand to their maps app (and a
 * desktop opens in the browser); a `geo:` URI opens nothing on iOS or a desktop.
 */
export function routeHref(store: Pick<StoreLocation, 'lat' | 'lng'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${store.lat},${store.lng}`;
}
