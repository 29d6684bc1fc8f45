import { CLAIM_CLIENTS, STOP_BACKGROUND_SEND } from '../../domain/storage/service-worker-messages.ts';
import { workerSettled } from '../../worker/client.ts';
import { notify } from '../lib/notifications.ts';
import { syncOutboxInBackground } from './background-sync.ts';
import type { Workbox } from 'workbox-window';

/** How long a reload onto a new version waits for worker commands still running (a tap just before OK). */
const SETTLE_BEFORE_RELOAD_MS = 3_000;
/** How long the toast's OK waits for the new version to take over before a reload hands it over (askToActivate). */
const HAND_OVER_MS = 5_000;
/** Set for the page a hand-over reload brings: the shopper has said OK, so no second toast (askToActivate). */
const UPDATE_ACCEPTED = 'ofm-update-accepted';
/**
 * The browser looks for a new service worker on every page load; an installed shop can stay open for days without
 * one (the router navigates in the page), so it also looks this often.
 */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker at /service-worker.js (spec 001 §7) and shows its messages (spec 001 §4): offline
 * mode ready on the first install, "please refresh" when a new version waits, and a registration error.
 *
 * The update flow: a new version installs and waits (it never takes over on its own). The toast's OK posts
 * SKIP_WAITING to it (workbox-window's `messageSkipWaiting`, sw/service-worker.ts listens; askToActivate hands over
 * with a reload when the browser leaves it waiting); once it activates it claims the open tabs, and each tab reloads
 * once onto the new version. Nothing queued is lost on that reload: the tab first waits for the worker commands it
 * started (a command answers once its change and task are in IndexedDB), and a task cut off in flight is sent again by
 * the next page's worker (cart updates and orders are idempotent, docs/sync-engine.md "Exactly once").
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  reloadOnceWhenReplaced();
  // Registering waits for the page's load (its requests come first), so workbox-window is fetched then too: a chunk
  // of its own, not part of the entry every first page waits for.
  const register = () =>
    import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('/service-worker.js');
        wb.addEventListener('installed', (event) => {
          if (!event.isUpdate) notify({ type: 'success', message: 'Offline mode is ready' });
        });
        // Also fires on a later page load while the new version still waits (the shopper closed the toast).
        wb.addEventListener('waiting', () => {
          // the page a hand-over reload brought: asked once more, and no second reload (no loop)
          if (takeAcceptedUpdate()) return askToActivate(wb, false);
          notify({
            type: 'info',
            message: 'New content is available, please refresh.',
            hasNoTimeout: true,
            action1: {
              label: 'OK',
              run: () => {
                // the running version first ends a background send it may hold open (STOP_BACKGROUND_SEND)
                navigator.serviceWorker.controller?.postMessage({ type: STOP_BACKGROUND_SEND });
                askToActivate(wb);
              },
            },
          });
        });
        return wb.register().then((registration) => {
          if (registration) syncOutboxInBackground(registration);
          // the version a hand-over reload was for took over during that reload: nothing is left to ask
          if (!registration?.waiting) takeAcceptedUpdate();
          void claimThisPage();
          setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
        });
      })
      .catch(() => notify({ type: 'danger', message: 'Error during service worker registration' }));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/**
 * Asks the waiting version to take over (SKIP_WAITING). Chromium then waits for the running version to be idle, stops
 * it and activates the new one; but an event that wakes the old one while it stops (a fetch of the page, a message)
 * leaves the new one waiting, for minutes, and the OK did nothing (seen in CI; DevTools' ServiceWorker domain showed
 * the old version stopped and started again, the new one still installed). Asking again does not help (Chromium
 * answers a second skipWaiting() only once the first has been), a navigation does: every page load asks the
 * browser to activate a waiting version. So when the new version has not taken over within HAND_OVER_MS the page
 * reloads, once, and the page that loads, told by UPDATE_ACCEPTED that the shopper has said OK, asks again without a
 * toast; the new version then takes over and that page reloads onto it (reloadOnceWhenReplaced).
 */
function askToActivate(wb: Workbox, handOverByReload = true): void {
  wb.messageSkipWaiting();
  if (!handOverByReload) return;
  const handOver = setTimeout(
    () =>
      void workerSettled(SETTLE_BEFORE_RELOAD_MS).then(() => {
        rememberAcceptedUpdate();
        window.location.reload();
      }),
    HAND_OVER_MS,
  );
  navigator.serviceWorker.addEventListener('controllerchange', () => clearTimeout(handOver), { once: true });
}

function rememberAcceptedUpdate(): void {
  try {
    sessionStorage.setItem(UPDATE_ACCEPTED, '1');
  } catch {
    // without session storage the next page shows the toast again
  }
}

function takeAcceptedUpdate(): boolean {
  try {
    const accepted = sessionStorage.getItem(UPDATE_ACCEPTED) !== null;
    sessionStorage.removeItem(UPDATE_ACCEPTED);
    return accepted;
  } catch {
    return false;
  }
}

/**
 * A page that loaded while the first install was activating is not taken by its claim and stays uncontrolled: offline,
 * its lazy chunks would not load (the checkout's confirmation among them). Such a page asks the active one to claim.
 */
async function claimThisPage(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: CLAIM_CLIENTS });
}

/**
 * Reloads the page when a new service worker replaces the one controlling it, once. The first install's claim of an
 * uncontrolled page is no update and reloads nothing; every tab of the shop reloads, not only the one whose OK was
 * tapped, because an old page would load its lazy chunks from a precache that no longer holds them.
 */
function reloadOnceWhenReplaced(): void {
  let controlled = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    void workerSettled(SETTLE_BEFORE_RELOAD_MS).then(() => window.location.reload());
  });
}
