/**
 * Main-thread side of the worker: the one place the app talks to the sync engine. Only comlink is imported here;
 * RxDB and Dexie stay in the worker bundle.
 */
import * as Comlink from 'comlink';
import type { LiveQuerySpec, LiveQueryValue, ShopWorkerApi } from './api-types.ts';

export type { ShopWorkerApi } from './api-types.ts';

let remote: Comlink.Remote<ShopWorkerApi> | undefined;

/** The shop worker, started on first use; every tab has its own, all share one database. */
export function getShopWorker(): Comlink.Remote<ShopWorkerApi> {
  if (!remote) {
    const store = document.documentElement.dataset.store === 'be' ? 'be' : 'nl';
    // The store travels in the worker's name: Vite needs the URL below to be a literal.
    const worker = new Worker(new URL('./main.ts', import.meta.url), { type: 'module', name: `ofm-shop-${store}` });
    remote = Comlink.wrap<ShopWorkerApi>(worker);
    // A dedicated worker does not always hear the page's connectivity changes; forward them.
    const forward = () => void remote?.setOnline(navigator.onLine);
    window.addEventListener('online', forward);
    window.addEventListener('offline', forward);
    forward();
  }
  return remote;
}

/**
 * Subscribes to a live query; `onChange` runs with the current value and on every change. Returns a synchronous
 * unsubscribe for React effects (it also releases the comlink proxy).
 */
export function subscribeLive<S extends LiveQuerySpec>(
  spec: S,
  onChange: (value: LiveQueryValue<S>) => void,
): () => void {
  const api = getShopWorker();
  let closed = false;
  const callback = Comlink.proxy((value: LiveQueryValue<S>) => {
    if (!closed) onChange(value);
  });
  const idPromise = api.subscribe(spec, callback as never);
  return () => {
    if (closed) return;
    closed = true;
    void idPromise.then((id) => api.unsubscribe(id)).catch(() => undefined);
  };
}
