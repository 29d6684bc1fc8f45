/**
 * The store view this page serves (spec 000 §2, `domain/store-view.ts` for the URL scheme). It is decided once, at
 * start, before the worker is created: the worker and its RxDB database are per store view (`ofm-shop-nl`,
 * `ofm-shop-be`), so NL and BE carts, sessions, prices and caches never mix. Switching stores therefore loads the
 * page anew rather than changing anything under a running worker.
 */
import {
  DEFAULT_STORE_CODE,
  isStoreCode,
  resolveStoreCode,
  STORE_VIEWS,
  storeChoiceCookie,
  storeChoiceFromCookies,
  storeCodeOfHost,
  storeViewUrl,
  type StoreCode,
  type StoreView,
} from '../../domain/store-view.ts';
import { resolveLocaleWith, setLocale } from './i18n/index.ts';

let current: StoreView | undefined;
let storeOfRender = (): StoreCode => DEFAULT_STORE_CODE;

/**
 * On the server: where the store view of the render in progress is read (src/entry-server.tsx keeps it per request,
 * as renders of both store views interleave); the texts follow it. The browser never calls this.
 */
export function resolveStoreViewWith(resolver: () => StoreCode): void {
  storeOfRender = resolver;
  resolveLocaleWith(() => STORE_VIEWS[resolver()].locale);
}

/**
 * The store view of this page; the first call decides it. A page the server sent names it in `<html data-store>`
 * (server/seo/html-page.ts, from the host and the remembered choice, as below): its texts and prices are that store's,
 * and the app starter has already named the worker by it, so the app takes the same store even when the remembered
 * choice changed in another tab meanwhile; and the start does without a synchronous `document.cookie` read (~4–8 ms
 * of the modules' task at 4× CPU in a profile). The service worker's offline shell and the dev server's page name
 * none: the host and the remembered choice decide.
 */
export function storeView(): StoreView {
  if (typeof location === 'undefined') return STORE_VIEWS[storeOfRender()];
  const sent = document.documentElement.dataset.store;
  current ??=
    STORE_VIEWS[isStoreCode(sent) ? sent : resolveStoreCode(location.hostname, storeChoiceFromCookies(readCookies()))];
  return current;
}

/**
 * Applies the store view before anything renders or the worker starts: `worker/client.ts` reads
 * `data-store` for the worker's name, and the message catalogue's nl-BE overlay and `<html lang>` follow the locale.
 */
export function applyStoreView(): StoreView {
  const view = storeView();
  document.documentElement.dataset.store = view.storeCode;
  setLocale(view.locale);
  return view;
}

/**
 * The store switch: remembers the choice on this device and opens the same page in the other store. On a host that
 * names a store that is the other store's host; elsewhere the page reloads in the chosen store.
 */
export function switchStoreView(storeCode: StoreCode): void {
  try {
    document.cookie = storeChoiceCookie(storeCode);
  } catch {
    // cookies blocked: on a host that names no store the default store stays
  }
  if (storeCodeOfHost(location.hostname) === null) {
    location.reload();
  } else {
    location.assign(storeViewUrl(location.href, storeCode));
  }
}

function readCookies(): string {
  try {
    return document.cookie;
  } catch {
    return '';
  }
}
