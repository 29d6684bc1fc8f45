import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShopRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { bridgeWorkerNotifications } from './app/worker-notifications.ts';
import { applyStoreView } from './lib/store-view.ts';
import { listenForInstall } from './lib/install-prompt.ts';
import { startAnalytics } from './lib/analytics/tracker.ts';
import { getShopWorker } from '../worker/client.ts';
import './styles/global.css';

// First: the store view names the worker (and so its database) and the language of every text.
applyStoreView();
const router = createShopRouter();

// Start the worker and open its database while the first route loads.
getShopWorker()
  .ready()
  .catch(() => undefined);
bridgeWorkerNotifications();
registerServiceWorker();
listenForInstall();
startAnalytics();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
