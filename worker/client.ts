/**
 * Main-thread side of the worker: the one place the app talks to the sync engine. Only comlink is imported here;
 * RxDB and Dexie stay in the worker bundle.
 */
import * as Comlink from 'comlink';
import { SHOP_WORKER_NAME } from '../domain/app-start.ts';
import type { DeviceUpdateProgress, LiveQuerySpec, LiveQueryValue, ShopWorkerApi } from './api-types.ts';

export type { ShopWorkerApi } from './api-types.ts';

let remote: Comlink.Remote<ShopWorkerApi> | undefined;
/** The page was left and its worker ended (`endWorker`). */
let workerEnded = false;
/** The page's heartbeat to its worker (well inside the worker's PAGE_ALIVE_MS). */
const PAGE_HEARTBEAT_MS = 1500;

/** Calls sent to the worker and not answered yet, by comlink's message id; and who waits for none to be left. */
const unanswered = new Set<string>();
let onSettled: Array<() => void> = [];

/** The worker (or any endpoint) as comlink's endpoint, counting the calls in flight (see `workerSettled`). */
export function countingEndpoint(worker: Comlink.Endpoint): Comlink.Endpoint {
  worker.addEventListener('message', ((event: MessageEvent<{ id?: unknown } | null>) => {
    const id = event.data?.id;
    if (typeof id !== 'string' || !unanswered.delete(id) || unanswered.size > 0) return;
    for (const settle of onSettled) settle();
    onSettled = [];
  }) as EventListener);
  return {
    postMessage(message: { id?: unknown }, transfer?: Transferable[]) {
      if (typeof message?.id === 'string') unanswered.add(message.id);
      worker.postMessage(message, transfer ?? []);
    },
    addEventListener: worker.addEventListener.bind(worker),
    removeEventListener: worker.removeEventListener.bind(worker),
    start: worker.start?.bind(worker),
  };
}

/**
 * Resolves when every call the page made has been answered, or after `maxMs`. A command answers once its change and
 * its task are stored, so a page that waits for this before it reloads (a service-worker update) leaves nothing
 * half-written behind.
 */
export function workerSettled(maxMs: number): Promise<void> {
  if (unanswered.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    onSettled.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The shop worker, started on first use; every tab has its own, all share one database. On a server-rendered page the
 * app starter has started it already, once the app's files had arrived (`started`, server/pages/app-starter.ts): the
 * app takes that one. The worker sends nothing before it is asked, so nothing is missed before comlink listens.
 */
export function getShopWorker(started?: Worker | null): Comlink.Remote<ShopWorkerApi> {
  if (!remote) {
    const store = document.documentElement.dataset.store === 'be' ? 'be' : 'nl';
    // The store travels in the worker's name: Vite needs the URL below to be a literal.
    const worker =
      started ?? new Worker(new URL('./main.ts', import.meta.url), { type: 'module', name: SHOP_WORKER_NAME + store });
    remote = Comlink.wrap<ShopWorkerApi>(countingEndpoint(worker));
    // A dedicated worker does not always hear the page's connectivity changes; forward them.
    const forward = () => void remote?.setOnline(navigator.onLine);
    window.addEventListener('online', forward);
    window.addEventListener('offline', forward);
    forward();
    // a tab brought back to the front tries what waits at once (a phone kept it frozen in the background)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void remote?.wake();
    });
    // the heartbeat stops with the page (frozen, discarded): its worker then lets another tab send the queue; a page
    // about to be frozen or left says so, and another tab (or this tab's next page) takes over at once
    setInterval(() => void remote?.pageAlive(), PAGE_HEARTBEAT_MS);
    document.addEventListener('freeze', () => void remote?.pageStopped());
    window.addEventListener('pagehide', () => endWorker(worker));
    window.addEventListener('pageshow', (event) => {
      // the worker was ended as the page went into the back/forward cache: a page restored from it starts afresh
      if (event.persisted && workerEnded) window.location.reload();
      else void remote?.pageAlive();
    });
    document.addEventListener('resume', () => void remote?.pageAlive());
  }
  return remote;
}

/**
 * The page is left (a navigation, closed, or put in the back/forward cache): its worker is ended now, and starts no
 * write on the way out. WebKit suspends a leaving page's worker, mid-transaction if it was writing, and a database
 * whose write transaction is suspended answers no other page's open or read until that page is gone for good: every
 * later page of the shop fell back to memory (docs/offline-and-storage.md "Leaving a page"). Ending the worker closes
 * its connections and gives its Web Locks back, which is how the next page knows the queue's lease is free.
 */
function endWorker(worker: Worker): void {
  worker.terminate();
  // the remote stays: a call made on the way out waits on the ended worker instead of starting a new one
  workerEnded = true;
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
  let idPromise: Promise<number> | undefined;
  // Each subscription is sent from a task of its own: a page's first render subscribes ten to twenty queries in one
  // pass of React's effects, and each sends a message port to the worker (~5 ms on a phone four times slower); sent
  // together they made one long task right after hydration (docs/server-rendering.md "First paint").
  setTimeout(() => {
    if (closed) return;
    const callback = Comlink.proxy((value: LiveQueryValue<S>) => {
      if (!closed) onChange(value);
    });
    idPromise = api.subscribe(spec, callback as never);
  }, 0);
  return () => {
    if (closed) return;
    closed = true;
    void idPromise?.then((id) => api.unsubscribe(id)).catch(() => undefined);
  };
}

/**
 * Hears the progress of the device's schema migration while the worker opens its database (docs/offline-and-storage.md
 * "Schema migrations"): nothing when it is quick, else a percentage, and `done` once the database is open. Returns
 * a synchronous stop for React effects.
 */
export function watchDeviceUpdate(onProgress: (progress: DeviceUpdateProgress) => void): () => void {
  let stopped = false;
  // sent from a task of its own, as a live query's subscription is (see `subscribeLive`)
  const timer = setTimeout(() => {
    const callback = Comlink.proxy((progress: DeviceUpdateProgress) => {
      if (!stopped) onProgress(progress);
    });
    void getShopWorker()
      .watchDeviceUpdate(callback as never)
      .catch(() => undefined);
  }, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
