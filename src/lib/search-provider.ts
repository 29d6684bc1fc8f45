import type { ProviderNotification } from '../../worker/api-types.ts';
import { shop } from './shop.ts';

/**
 * Tells the search provider what the shopper did (spec 001 §7 "POST notifications"). Fire-and-forget: the worker
 * stores it in its queue and sends it when it can; nothing the shopper sees waits for it or hears of a failure.
 */
export function notifySearchProvider(notification: ProviderNotification): void {
  void shop()
    .notifySearchProvider(notification)
    .catch((error: unknown) => console.warn('[search-provider] notification not stored', error));
}
