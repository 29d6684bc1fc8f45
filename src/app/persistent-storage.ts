/**
 * Asks the browser to keep the shop's storage under pressure (spec 001 §4 "Offline cache"; DESIGN.md installable
 * PWA): only for an installed shop (display-mode standalone), where the shopper has chosen to keep it. In a tab the
 * browser may still evict it, which the quota purge and the memory fallback of the worker cover.
 */
export function requestPersistentStorage(): void {
  const installed = window.matchMedia?.('(display-mode: standalone)').matches;
  if (!installed || !navigator.storage?.persist) return;
  navigator.storage
    .persisted()
    .then((persisted) => (persisted ? true : navigator.storage.persist()))
    .catch(() => undefined);
}
