import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import { hydrateAtOnceWhenUsed, replayEarlyInput, takeEarlyInput, takeStartedWorker } from './app/early-input.ts';
import { createShopRouter, pageShown } from './app/router.tsx';
import { registerServiceWorker } from './app/register-sw.ts';
import { bridgeWorkerNotifications } from './app/worker-notifications.ts';
import { applyStoreView } from './lib/store-view.ts';
import { listenForInstall } from './lib/install-prompt.ts';
import { startAnalytics } from './lib/analytics/tracker.ts';
import { getShopWorker } from '../worker/client.ts';
import { persistWhenSomethingToLose } from './lib/persistent-storage.ts';
import { nextPaint } from './lib/after-paint.ts';
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
  persistWhenSomethingToLose();
}

type ShopRouter = ReturnType<typeof createShopRouter>;

/** Creates the router and renders the shell's page. */
function startShell(): void {
  const router = createShopRouter({ document: false });
  registerServiceWorker();
  listenForInstall();
  startAnalytics();
  renderShell(router);
}

/**
 * Creates the router and hydrates the server's page, each step in a task of its own: the page is on the screen and
 * tappable, and a tap waits for the whole task that runs when it comes (on a phone four times slower, the router
 * alone is ~55 ms, the three together were ~130 ms).
 */
function startServerPage(): void {
  let router: ShopRouter;
  inTasks(
    () => {
      router = createShopRouter({ document: true });
      listenForInstall();
    },
    () => hydrateServerPage(router),
    () => {
      registerServiceWorker();
      startAnalytics();
    },
  );
}

function inTasks(...steps: Array<() => void>): void {
  const [step, ...rest] = steps;
  if (!step) return;
  setTimeout(() => {
    step();
    inTasks(...rest);
  }, 0);
}

function hydrateServerPage(router: ShopRouter): void {
  // The page is on screen as the server sent it. Hydrating in a transition lets React render it in slices that leave
  // the main thread free between them, and the calls to the worker (its answers re-rendering the page) wait until
  // hydration has committed instead of competing with it (docs/server-rendering.md).
  // What the shopper did before that (every tap, submit and text, kept by the early-input keeper until now) is done again, in
  // order, once the page is the app's (docs/server-rendering.md "How a tap travels from the first paint to the worker").
  const settled = pageSettled(router);
  startTransition(() => {
    hydrateRoot(
      document,
      <AppRoot
        onHydrated={() => {
          void replayEarlyInput(takeEarlyInput(), settled);
          // in tasks of their own, not in React's effects after hydration (one long task on a slow phone)
          inTasks(startWorker, () => pageShown(router, window.location.pathname));
        }}
      >
        <RouterClient router={router} />
      </AppRoot>,
    );
  });
  hydrateAtOnceWhenUsed(takeEarlyInput());
}

/**
 * Resolves when what a replayed tap started is on the screen: its state update rendered, and a navigation it made
 * (a size's page) rendered, so the next tap acts on what the shopper saw when they made it.
 */
function pageSettled(router: ShopRouter): () => Promise<void> {
  let navigating = 0;
  let onDone: (() => void) | null = null;
  router.subscribe('onBeforeNavigate', () => void (navigating += 1));
  const done = () => {
    navigating = 0;
    onDone?.();
  };
  router.subscribe('onRendered', done);
  // a navigation React renders without a new match (the same page) reports no render
  router.subscribe('onResolved', () => setTimeout(done, 1_000));
  return async () => {
    // a navigation starts after the next frame (src/app/router.tsx): a tap's navigation has begun by then
    await nextPaint();
    if (navigating > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, 10_000);
        function finish() {
          clearTimeout(timer);
          onDone = null;
          resolve();
        }
        onDone = finish;
      });
    }
    await nextPaint();
  };
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

// The worker's thread starts first and opens its database while the page hydrates: it runs beside the main thread, and
// a first tap right after hydration then waits for a local write, not for the database's opening (measured: about 1 s
// when the worker started after hydration; docs/server-rendering.md "First paint"). On a server-rendered page the app
// starter started it once the app's files had arrived, and the app takes it (docs/server-rendering.md "Starting the
// app").
// A server-rendered page is on screen already. Its modules were compiled and run in one task; the worker, the router
// and the hydration come in tasks of their own, so a tap arriving in between waits for none of them (on a slow phone
// every long task is blocking time).
if (serverRendered) {
  inTasks(() => getShopWorker(takeStartedWorker()), startServerPage);
} else {
  getShopWorker();
  startShell();
}
