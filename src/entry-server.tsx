import { AsyncLocalStorage } from 'node:async_hooks';
import type { Manifest } from '@tanstack/react-router';
import { createRequestHandler, renderRouterToStream, RouterServer } from '@tanstack/react-router/ssr/server';
import type { PageData } from '../domain/page-data.ts';
import { DEFAULT_STORE_CODE, type StoreCode } from '../domain/store-view.ts';
import { AppRoot } from './app/app-root.tsx';
import { createShopRouter, preloadPages } from './app/router.tsx';
import { resolveStoreViewWith } from './lib/store-view.ts';

/**
 * The store view of the render in progress: renders of NL and BE pages interleave (React streams and waits), so the
 * store view and its texts belong to the request's async context, not to a module variable.
 */
const storeOfRender = new AsyncLocalStorage<StoreCode>();
resolveStoreViewWith(() => storeOfRender.getStore() ?? DEFAULT_STORE_CODE);

/** Runs `work` (a render and everything it awaits) in a store view: storeView() and the texts answer for it. */
export function inStoreView<T>(storeCode: StoreCode, work: () => T): T {
  return storeOfRender.run(storeCode, work);
}

/**
 * The server's entry (built by `vite build --ssr`, imported by server/pages/): renders one request with the app's
 * own route tree and components through TanStack Router's SSR, streaming React's HTML with the page data dehydrated
 * into it. `assets` is the client build's entry (script, preloads, CSS) in TanStack's manifest form.
 */
/** Every lazily loaded page, loaded once before the first render (router.tsx). */
const pagesLoaded = preloadPages();

interface RenderInput {
  request: Request;
  page: PageData;
  assets: Manifest;
  /** The answer's CSP nonce (docs/security.md): the router puts it on every script it writes. */
  nonce: string;
}

export async function renderPage(input: RenderInput): Promise<Response> {
  await pagesLoaded;
  return inStoreView(input.page.store, () => render(input));
}

function render({ request, page, assets, nonce }: RenderInput) {
  const handler = createRequestHandler({
    request,
    createRouter: () => createShopRouter({ page, document: true, nonce }),
    getRouterManifest: () => assets,
  });
  return handler(({ request: req, router, responseHeaders }) =>
    renderRouterToStream({
      request: req,
      router,
      responseHeaders,
      children: (
        <AppRoot>
          <RouterServer router={router} />
        </AppRoot>
      ),
    }),
  );
}

const matcher = createShopRouter();

/** Which of the app's routes a path is: its spec route name (route meta) and path params; null when none. */
export function matchPage(pathname: string): { name: string; params: Record<string, string> } | null {
  const [, params, route] = matcher.getMatchedRoutes(pathname);
  const name = route?.options.staticData?.name;
  return typeof name === 'string' ? { name, params } : null;
}
