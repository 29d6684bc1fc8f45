import { subscribeLive } from '../../worker/client.ts';

/**
 * Asks the browser to keep the shop's storage (`navigator.storage.persist()`, best effort: Safari's 7-day rule and a
 * full disk no longer remove it once granted) when the shopper has something to lose: the first cart line, the first
 * wishlist item, or the app installed. Asked once per page; a browser that already granted it is not asked again.
 * docs/offline-and-storage.md says what still cannot come back.
 */
export function persistWhenSomethingToLose(): void {
  const storage = navigator.storage;
  if (!storage?.persist) return;
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    stop();
    void (async () => {
      if (await storage.persisted?.().catch(() => false)) return;
      await storage.persist().catch(() => false);
    })();
  };
  const stops = [
    subscribeLive({ name: 'cart', params: {} }, (cart) => cart.lines > 0 && ask()),
    subscribeLive({ name: 'wishlist', params: {} }, (wishlist) => wishlist.count > 0 && ask()),
  ];
  const stop = () => {
    for (const unsubscribe of stops.splice(0)) unsubscribe();
    window.removeEventListener('appinstalled', ask);
  };
  window.addEventListener('appinstalled', ask);
}
