import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createShopRouter, pageShown } from './app/router.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { bridgeWorkerNotifications } from './app/worker-notifications.ts';
import { applyStoreView } from './lib/store-view.ts';
import { listenForInstall } from './lib/install-prompt.ts';
import { startAnalytics } from './lib/analytics/tracker.ts';
import { getShopWorker } from '../worker/client.ts';
import './styles/global.css';

// First: the store view names the worker (and so its database) and the language of every text.
applyStoreView();
// A page the server rendered carries the router's dehydrated state ($_TSR): hydrate that document. The dev server
// and the service worker's offline shell (index.html) have none: render into #root (README "Server rendering").
const serverRendered = '$_TSR' in window;
const router = createShopRouter({ document: serverRendered });

// Start the worker and open its database while the first route loads.
getShopWorker()
  .ready()
  .catch(() => undefined);
bridgeWorkerNotifications();
registerServiceWorker();
listenForInstall();
startAnalytics();

if (serverRendered) {
  // hydration resolves the first location without a navigation event
  pageShown(router, window.location.pathname);
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  );
} else {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
