import { subscribeLive } from '../../worker/client.ts';
import { outboxSyncTag } from '../../domain/storage/outbox-sync-tag.ts';

/** Background Sync's part of a registration (Chromium; not in TypeScript's lib). */
interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to wake the service worker when the connection returns while something waits in the outbox, so it
 * is sent even after every tab of the shop is closed (docs/sync-engine.md "Background Sync"). Asked while offline with
 * something waiting, and whenever the page is hidden or left with something waiting; while a tab is open and online
 * the tab sends. Firefox and Safari have no Background Sync: there the next start sends.
 */
export function syncOutboxInBackground(registration: ServiceWorkerRegistration): void {
  const sync = (registration as ServiceWorkerRegistration & { sync?: SyncManager }).sync;
  if (!sync) return;
  const tag = outboxSyncTag(document.documentElement.dataset.store === 'be' ? 'be' : 'nl');
  let waiting = false;
  const ask = () => {
    if (waiting) void sync.register(tag).catch(() => undefined);
  };
  subscribeLive({ name: 'outbox' }, (outbox) => {
    waiting = outbox.changes > 0 || outbox.orders.some((o) => o.state === 'waiting' || o.state === 'sending');
    if (!navigator.onLine) ask();
  });
  window.addEventListener('offline', ask);
  window.addEventListener('pagehide', ask);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') ask();
  });
}
