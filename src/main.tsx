import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShopRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { bridgeWorkerNotifications } from './app/worker-notifications.ts';
import { setLocale } from './lib/i18n/index.ts';
import { listenForInstall } from './lib/install-prompt.ts';
import { startAnalytics } from './lib/analytics/tracker.ts';
import { getShopWorker } from '../worker/client.ts';
import './styles/global.css';

const router = createShopRouter();

getShopWorker()
  .ready()
  .then((config) => setLocale(config.locale))
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
