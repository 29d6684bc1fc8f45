/// <reference lib="webworker" />
/**
 * The service worker (docs/architecture.md "Threads and data flow"): precached shell, runtime caches for GET APIs and images, and
 * navigations network first with the visited page's own HTML, then the shell, while offline. Catalogue searches are POSTs, which the Cache API cannot key; their offline source
 * is the worker's RxDB cache (worker/catalog), so they are left to the network here.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CLAIM_CLIENTS, SKIP_WAITING, STOP_BACKGROUND_SEND } from '../domain/storage/service-worker-messages.ts';
import { SHELL_REVISION_HEADER } from '../domain/seo/shell-revision.ts';
import type { StoreCode } from '../domain/store-view.ts';
import type { BackgroundSend, sendOutboxInBackground } from '../worker/background-send.ts';
import { storeOfOutboxSyncTag } from '../domain/storage/outbox-sync-tag.ts';
import { OUTBOX_SCRIPT } from './outbox-script.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  /** Set by the Background Sync sender's script (sw/outbox-send.ts) once it has run. */
  ofmOutboxSend?: typeof sendOutboxInBackground;
};
/** Background Sync's event (Chromium; not in TypeScript's lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** Product images: cache-first, a month, bounded so a long browse cannot fill the disk. */
export const IMAGE_CACHE = { name: 'ofm-images', maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 };
/** CMS stories, stores and other GET answers: shown at once from cache, refreshed behind (TTL 86 400 s, spec 000 §9). */
export const API_CACHE = { name: 'ofm-api', maxEntries: 200, maxAgeSeconds: 86_400 };

/**
 * Pages (HTML) as the server sent them, with their head tags: a page visited before opens offline as it was. The
 * network gets 3 s before the stored copy answers, so a dead connection does not leave the shopper at a white page;
 * bounded like the API cache. The HTML names this build's assets, so a new service worker starts with none.
 */
export const PAGE_CACHE = {
  name: 'ofm-pages',
  maxEntries: 100,
  maxAgeSeconds: 7 * 24 * 3600,
  networkTimeoutSeconds: 3,
};

const PRECACHE = self.__WB_MANIFEST;
/** This build's shell (workbox-build's revision of index.html, its MD5), as the server names it per page. */
const SHELL_REVISION =
  PRECACHE.flatMap((entry) => (typeof entry !== 'string' && entry.url === 'index.html' ? [entry.revision] : []))[0] ??
  null;

cleanupOutdatedCaches();
precacheAndRoute(PRECACHE);
// The first install takes over open tabs so the page that installed it works offline right away. A later version
// waits (spec 001 §4 "updated content ('please refresh')") until the shopper accepts the toast: only then does it
// take over, so no tab runs old code against the new precache without being reloaded.
clientsClaim();
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING) void self.skipWaiting();
  else if (type === STOP_BACKGROUND_SEND) {
    for (const send of sending.values()) send.stop();
    event.waitUntil(Promise.allSettled([...sending.values()].map((send) => send.done)));
  }
  // only the active version claims: a waiting one taking tabs would be the update the shopper did not accept
  else if (type === CLAIM_CLIENTS && self.registration.active === self.serviceWorker)
    event.waitUntil(self.clients.claim());
});

/** A served page names the shell it was built into; one without the header (a redirect, an error) is left alone. */
function ofThisBuild(response: Response): boolean {
  const revision = response.headers.get(SHELL_REVISION_HEADER);
  return revision === null || SHELL_REVISION === null || revision === SHELL_REVISION;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(PAGE_CACHE.name));
});

// Navigations: network first (status, head tags and a fresh page), then the page's stored copy, then the precached
// shell, which the client router renders any route in (its offline page says when a page was never seen here).
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGE_CACHE.name,
      networkTimeoutSeconds: PAGE_CACHE.networkTimeoutSeconds,
      plugins: [
        {
          // Only a page of this build that is the same for everyone is kept: never a 404, a redirect or no-store.
          cacheWillUpdate: async ({ response }) =>
            response.status === 200 &&
            ofThisBuild(response) &&
            !/no-store/.test(response.headers.get('cache-control') ?? '')
              ? response
              : null,
          // A page of a newer build (deployed, its service worker waiting for the shopper's OK): this build's shell,
          // so the tab keeps running one version until the update toast's reload (spec 001 §4).
          handlerWillRespond: async ({ response }) =>
            ofThisBuild(response) ? response : ((await matchPrecache('/index.html')) ?? response),
          handlerDidError: async () => matchPrecache('/index.html'),
        },
        new ExpirationPlugin({
          maxEntries: PAGE_CACHE.maxEntries,
          maxAgeSeconds: PAGE_CACHE.maxAgeSeconds,
          purgeOnQuotaError: true,
        }),
      ],
    }),
    { denylist: [/^\/api\//, /^\/img\//, /^\/healthz/, /^\/pay\//, /^\/robots\.txt$/, /^\/sitemap/] },
  ),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/img/'),
  new CacheFirst({
    cacheName: IMAGE_CACHE.name,
    plugins: [
      new ExpirationPlugin({
        maxEntries: IMAGE_CACHE.maxEntries,
        maxAgeSeconds: IMAGE_CACHE.maxAgeSeconds,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Public GET content only: user, cart and order calls carry tokens and must never be served from a shared cache.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/api\/(cms|stores|directory|articles)\b/.test(url.pathname) &&
    // the editor's preview (drafts, tokens and its never-ending event stream) is never cached
    !/^\/api\/cms\/(preview|editor|validate-editor)\b/.test(url.pathname) &&
    url.searchParams.get('version') !== 'draft' &&
    !url.searchParams.has('token'),
  new StaleWhileRevalidate({
    cacheName: API_CACHE.name,
    plugins: [
      new ExpirationPlugin({
        maxEntries: API_CACHE.maxEntries,
        maxAgeSeconds: API_CACHE.maxAgeSeconds,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Background Sync (docs/sync-engine.md "Background Sync"): orders and cart changes that wait on the device are sent
// when the connection returns, also with every tab of the shop closed. The sender (the sync engine and RxDB) is a
// script of its own, run only when a sync fires: a service worker may import a script later only if it imported it
// while installing, so the install does that once. One send per store at a time: the browser firing again while one
// runs wakes it. A send that did not finish fails the event, so the browser tries again later.
self.addEventListener('install', () => {
  try {
    self.importScripts(`/${OUTBOX_SCRIPT}`);
  } catch (error) {
    console.warn('[background sync] sender not loaded', error);
  }
});

function outboxSender(): typeof sendOutboxInBackground {
  if (!self.ofmOutboxSend) self.importScripts(`/${OUTBOX_SCRIPT}`);
  if (!self.ofmOutboxSend) throw new Error('The Background Sync sender did not load');
  return self.ofmOutboxSend;
}

const sending = new Map<StoreCode, BackgroundSend>();
self.addEventListener('sync', (event: Event) => {
  const store = storeOfOutboxSyncTag((event as SyncEvent).tag);
  if (!store) return;
  (event as SyncEvent).waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      // A tab of the shop on the screen sends its outbox itself, and asks first where the shopper must confirm (an
      // order placed offline, spec 000 §4), also while its app is still starting and holds no lease yet (CI saw this
      // send an order the shopper was about to be asked for). A hidden or closing tab asked for this sync so that its
      // outbox goes without it (src/app/background-sync.ts); the queue's lease keeps a live one sending alone.
      if (tabs.some((tab) => tab.visibilityState === 'visible')) return;
      let send = sending.get(store);
      if (send) send.wake();
      else {
        send = outboxSender()(store, self.navigator.onLine);
        sending.set(store, send);
        void send.done.finally(() => sending.delete(store)).catch(() => undefined);
      }
      return send.done.then((result) => {
        if (result === 'not-sent') throw new Error('The outbox waits: the browser tries again later');
      });
    }),
  );
});
