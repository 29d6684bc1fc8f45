/**
 * The response header naming the build of the shell a page was served in: the MD5 of index.html, the revision
 * workbox-build gives index.html in the service worker's precache. A service worker serves a navigation from the
 * network only when it names its own build, so a tab never runs a newer build's page under an older service worker
 * before the shopper accepts the update (docs/offline-and-storage.md "The installable shop (PWA)", "SEO and caching").
 */
export const SHELL_REVISION_HEADER = 'x-shell-revision';
