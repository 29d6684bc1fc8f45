import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import { replayEarlyInput, takeEarlyInput } from './app/early-input.ts';
import { createShopRouter, pageShown } from './app/router.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { bridgeWorkerNotifications } from './app/worker-notifications.ts';
import { applyStoreView } from './lib/store-view.ts';
import { listenForInstall } from './lib/install-prompt.ts';
import { startAnalytics } from './lib/analytics/tracker.ts';
import { getShopWorker } from '../worker/client.ts';
import './styles/index.css';

// First: the store view names the worker (and so its database) and the language of every text.
applyStoreView();
// A page the server rendered carries the router's dehydrated state ($_TSR): hydrate that document. The dev server
// and the service worker's offline shell (index.html) have none: render into #root (docs/server-rendering.md).
const serverRendered = '$_TSR' in window;

/** Asks the worker to be ready; its notifications become the shell's. */
function startWorker(): void {
  getShopWorker()
    .ready()
    .catch(() => undefined);
  bridgeWorkerNotifications();
}

type ShopRouter = ReturnType<typeof createShopRouter>;

/** Creates the router and hydrates the server's page (or renders the shell's). */
function startApp(): void {
  const router = createShopRouter({ document: serverRendered });
  registerServiceWorker();
  listenForInstall();
  startAnalytics();
  if (serverRendered) hydrateServerPage(router);
  else renderShell(router);
}

function hydrateServerPage(router: ShopRouter): void {
  // The page is on screen as the server sent it. Hydrating in a transition lets React render it in slices that leave
  // the main thread free between them, and the calls to the worker (its answers re-rendering the page) wait until
  // hydration has committed instead of competing with it (docs/server-rendering.md).
  // A tap or text the shopper made before the app ran is made again once the page is the app's.
  const early = takeEarlyInput();
  startTransition(() => {
    hydrateRoot(
      document,
      <AppRoot
        onHydrated={() => {
          startWorker();
          // hydration resolves the first location without a navigation event
          pageShown(router, window.location.pathname);
          replayEarlyInput(early);
        }}
      >
        <RouterClient router={router} />
      </AppRoot>,
    );
  });
}

function renderShell(router: ShopRouter): void {
  // Start the worker and open its database while the first route loads.
  startWorker();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

// The worker's thread starts now and opens its database while the page hydrates: it runs beside the main thread, and
// a first tap right after hydration then waits for a local write, not for the database's opening (measured: about 1 s
// when the worker started after hydration; docs/server-rendering.md "First paint").
getShopWorker();
// A server-rendered page is on screen already. Its modules were compiled and run in one task; the router and the
// hydration come in the next, so a tap arriving in between waits for neither (on a slow phone every long task is
// blocking time).
if (serverRendered) setTimeout(startApp, 0);
else startApp();
