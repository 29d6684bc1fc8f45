/** Messages a page posts to the service worker (sw/service-worker.ts listens, src/app/register-sw.ts posts). */

/** The shopper accepted the update toast: the waiting version takes over (workbox-window's `messageSkipWaiting`). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The page found the service worker active but itself not controlled: a page whose navigation was on its way while the
 * first install activated is not taken by that activation's claim, and without a controller its lazy chunks cannot
 * load offline.
 */
export const CLAIM_CLIENTS = 'CLAIM_CLIENTS';

/**
 * The shopper accepted the update toast, to the version running now: a background send of the outbox it runs (a sync
 * that fired while a tab reloaded) keeps its sync event open for up to a minute while the server cannot be reached,
 * and the browser activates the waiting version only when the running one has no event left. It stops; what it did
 * not send waits in the outbox for the new version's page.
 */
export const STOP_BACKGROUND_SEND = 'STOP_BACKGROUND_SEND';
