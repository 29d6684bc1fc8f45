/**
 * Recently viewed contract (spec 000 §9 storage key `recently-viewed`): the products this device showed on their
 * page, most recent first, kept on the device only (kv `recently-viewed`; no server call, kept on logout).
 */
import type { Product } from '../../contract/catalog.ts';

export interface RecentlyViewedApi {
  /** A product page was shown: its tile goes to the front of the list (once; the oldest beyond 10 go). */
  rememberViewed(product: Product): Promise<void>;
}

export interface RecentlyViewedLiveQueries {
  /** The tiles, most recent first: the catalogue cache's copy while it is fresh, else the one kept with the list. */
  recentlyViewed: { params: object; value: Product[] };
}
