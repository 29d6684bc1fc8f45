import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
} from '@tanstack/react-router';
import './route-meta.ts';
import { RootLayout } from './root-layout.tsx';
import { HomePage } from '../features/content/home-page.tsx';
import { CategoryPage } from '../features/catalog/category-page.tsx';
import { ProductPage } from '../features/product/product-page.tsx';
import { DispatcherPage } from '../features/dispatcher/dispatcher-page.tsx';
import { NotFoundPage } from '../features/static/not-found-page.tsx';
import { parseListingSearch, type ListingSearch } from '../features/catalog/listing-search.ts';
import { startProgress, finishProgress } from './progress.ts';
import { recordNavigation } from './nav-path.ts';
import { shop } from '../lib/shop.ts';

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

/** Spec 001 §2: /l/elevate/ and /catalogsearch/result/ take a strict trailing slash. */
function strictTrailingSlash({ location }: { location: { pathname: string; searchStr: string } }) {
  if (!location.pathname.endsWith('/')) {
    throw redirect({ href: `${location.pathname}/${location.searchStr}`, replace: true });
  }
}

const page = (path: string, name: string, component: AnyRoute['options']['component'], extra: object = {}) =>
  createRoute({ getParentRoute: () => rootRoute, path, component, staticData: { name }, ...extra });

const lazy = <T extends Record<string, unknown>>(importer: () => Promise<T>, exportName: keyof T) =>
  lazyRouteComponent(importer, exportName as never);

const account = () => import('../features/account/account-pages.tsx');
const cart = () => import('../features/cart/cart-page.tsx');
const checkout = () => import('../features/checkout/checkout-pages.tsx');
const login = () => import('../features/account/login-page.tsx');
const stores = () => import('../features/stores/stores-pages.tsx');
const statics = () => import('../features/static/static-pages.tsx');
const search = () => import('../features/search/search-page.tsx');

const listingSearch = (search: Record<string, unknown>): ListingSearch => parseListingSearch(search);

export const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage, staticData: { name: 'home', pageType: 'home' } }),
  page('pwa.html', 'home', HomePage),
  page('winkelwagen', 'cart', lazy(cart, 'CartPage'), { staticData: { name: 'cart', pageType: 'cart' } }),
  page('checkout', 'checkout', lazy(checkout, 'CheckoutPage'), {
    staticData: { name: 'checkout', layout: 'minimal', pageType: 'checkout' },
  }),
  page('checkout-return', 'checkout-return', lazy(checkout, 'CheckoutReturnPage'), {
    staticData: { name: 'checkout-return', layout: 'minimal' },
  }),
  page('checkout-failed', 'checkout-failed', lazy(checkout, 'CheckoutFailedPage'), {
    staticData: { name: 'checkout-failed', layout: 'minimal' },
  }),
  page('mijn-account', 'my-account', lazy(account, 'AccountHomePage')),
  page('mijn-account/placeholder-1', 'my-account-placeholder', lazy(account, 'AccountOverviewPage')),
  page('mijn-account/persoonlijke-gegevens', 'my-account-profile', lazy(account, 'ProfilePage')),
  page('mijn-account/mijn-voorkeuren', 'my-account-preferences', lazy(account, 'PreferencesPage')),
  page('mijn-account/ofm-club', 'my-account-loyalty', lazy(account, 'LoyaltyPage')),
  page('mijn-account/coupons-overview', 'my-account-coupons', lazy(account, 'CouponsPage')),
  page('mijn-account/aankopen', 'my-account-orders', lazy(account, 'OrdersPage')),
  page('mijn-account/aankopen/$orderId', 'my-account-order', lazy(account, 'OrderPage')),
  page('mijn-account/winkel-aankopen/$transactionId', 'my-account-transaction', lazy(account, 'TransactionPage')),
  page('p/$parentSku/$slug', 'simple-product', ProductPage, { staticData: { name: 'simple-product', pageType: 'product' } }),
  page('p/$parentSku/$slug/$childSku', 'configurable-product', ProductPage, {
    staticData: { name: 'configurable-product', pageType: 'product' },
  }),
  page('c/$slug', 'category', CategoryPage, {
    staticData: { name: 'category', pageType: 'overview' },
    validateSearch: listingSearch,
  }),
  page('login', 'login', lazy(login, 'LoginPage')),
  page('password/reset', 'reset-password', lazy(login, 'PasswordResetPage')),
  page('winkels', 'storelocator', lazy(stores, 'StoreLocatorPage')),
  page('w/winkels/$slug', 'storelocator-entry', lazy(stores, 'StorePage')),
  page('mannen-voor-mannen/$slug', 'donation', lazy(statics, 'DonationPage')),
  page('wishlist', 'wishlist', lazy(statics, 'WishlistPage')),
  page('l/elevate', 'elevate-landing-page', lazy(search, 'SearchPage'), {
    staticData: { name: 'elevate-landing-page', pageType: 'overview' },
    beforeLoad: strictTrailingSlash,
    validateSearch: listingSearch,
  }),
  page('catalogsearch/result', 'search-results', lazy(search, 'SearchPage'), {
    staticData: { name: 'search-results', pageType: 'overview' },
    beforeLoad: strictTrailingSlash,
    validateSearch: listingSearch,
  }),
  page('error', 'error', lazy(statics, 'ErrorPage')),
  page('storyblok', 'storyblok', lazy(statics, 'PreviewPage')),
  page('storyblok-empty', 'storyblok-empty', lazy(statics, 'PreviewPage'), {
    staticData: { name: 'storyblok-empty', layout: 'empty' },
  }),
  // Every other path goes through the URL dispatcher (spec 000 §2) before it may be "not found".
  page('$', 'dispatcher', DispatcherPage, { staticData: { name: 'dispatcher', pageType: 'overview' } }),
]);

export function createShopRouter() {
  const router = createRouter({
    routeTree,
    trailingSlash: 'preserve',
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    // Plain query strings (?color=49,50&sort=price_asc): the default JSON encoding would quote numeric values.
    parseSearch: (searchStr) => Object.fromEntries(new URLSearchParams(searchStr.replace(/^\?/, ''))),
    stringifySearch: (search) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(search)) {
        if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
      }
      const str = params.toString();
      return str ? `?${str}` : '';
    },
  });
  router.subscribe('onBeforeNavigate', (e) => {
    if (e.pathChanged) startProgress();
  });
  router.subscribe('onResolved', (e) => {
    finishProgress();
    recordNavigation(e.toLocation.pathname);
    // spec 000 §4: near expiry each navigation refreshes the profile; an expired session in checkout goes home
    void shop()
      .onNavigation(e.toLocation.pathname)
      .then(({ redirect: to }) => (to ? router.navigate({ to, replace: true }) : undefined))
      .catch(() => undefined);
  });
  return router;
}
