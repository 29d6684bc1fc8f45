import { STORE_CODES, type StoreCode } from '../store-view.ts';

/**
 * The Background Sync tag of a store's outbox (docs/sync-engine.md "Background Sync"): the page registers it while
 * something waits, the service worker sends that store's queue when the browser fires it.
 */
export function outboxSyncTag(storeCode: StoreCode): string {
  return `ofm-outbox-${storeCode}`;
}

/** The store of an outbox sync tag; null for any other tag. */
export function storeOfOutboxSyncTag(tag: string): StoreCode | null {
  return STORE_CODES.find((code) => outboxSyncTag(code) === tag) ?? null;
}
