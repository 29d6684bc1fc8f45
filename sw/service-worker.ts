/// <reference lib="webworker" />
/**
 * The service worker (DESIGN.md "Data flow"): precached shell, runtime caches for GET APIs and images, and the shell
 * for navigations while offline. Catalogue searches are POSTs, which the Cache API cannot key; their offline source
 * is the worker's RxDB cache (worker/catalog), so they are left to the network here.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Product images: cache-first, a month, bounded so a long browse cannot fill the disk. */
export const IMAGE_CACHE = { name: 'ofm-images', maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 };
/** CMS stories, stores and other GET answers: shown at once from cache, refreshed behind (TTL 86 400 s, spec 000 §9). */
export const API_CACHE = { name: 'ofm-api', maxEntries: 200, maxAgeSeconds: 86_400 };

/** What the page posts when the shopper accepts the update toast (src/app/register-sw.ts, workbox-window's message). */
export const SKIP_WAITING = 'SKIP_WAITING';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// The first install takes over open tabs so the page that installed it works offline right away. A later version
// waits (spec 001 §4 "updated content ('please refresh')") until the shopper accepts the toast: only then does it
// take over, so no tab runs old code against the new precache without being reloaded.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// Every app route is rendered by the client router, so an offline navigation gets the precached shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/img\//, /^\/healthz/, /^\/pay\//],
  }),
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
