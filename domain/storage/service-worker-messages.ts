/** Messages a page posts to the service worker (sw/service-worker.ts listens, src/app/register-sw.ts posts). */

/** The shopper accepted the update toast: the waiting version takes over (workbox-window's `messageSkipWaiting`). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The page found the service worker active but itself not controlled: a page whose navigation was on its way while the
 * first install activated is not taken by that activation's claim, and without a controller its lazy chunks cannot
 * load offline.
 */
export const CLAIM_CLIENTS = 'CLAIM_CLIENTS';
