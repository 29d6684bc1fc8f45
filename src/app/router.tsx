import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
} from '@tanstack/react-router';
import './route-meta.ts';
import { RootLayout } from './root-layout.tsx';
import { HomePage } from '../features/content/home-page.tsx';
import { ContentView } from '../features/content/content-page.tsx';
import { LAZY_BLOCKS, type BlockComponents } from '../features/content/blocks.tsx';
import { GiftCardBalanceBlock } from '../ui/gift-card-form.tsx';
import { CategoryPage, CategoryView } from '../features/catalog/category-page.tsx';
import { ProductPage, ProductView } from '../features/product/product-page.tsx';
import { DispatcherPage, type DispatchedPages } from '../features/dispatcher/dispatcher-page.tsx';
import { NotFoundPage } from '../ui/missing-page.tsx';
import { parseListingSearch, type ListingSearch } from '../lib/listing-search.ts';
import { startProgress, finishProgress } from './progress.ts';
import { recordNavigation } from './nav-path.ts';
import { shop } from '../lib/shop.ts';
import { ShopDocument } from './shop-document.tsx';
import { pageHeadTags } from './page-head.ts';
import { nextPaint } from '../lib/after-paint.ts';
import type { PageData } from '../../domain/page-data.ts';

/** What the router knows beyond the URL: on the server, the page data it renders (docs/server-rendering.md). */
export interface ShopRouterContext {
  page: PageData | null;
}

/**
 * The root's loader hands the page data to the page (it is dehydrated into the HTML with the loader data, so the
 * hydrating app has it too); on the client it has none: there the worker answers every data hook.
 */
const rootRoute = createRootRouteWithContext<ShopRouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  loader: ({ context }) => context.page ?? null,
  // Only the server-rendered page has its own head; in the client the pages set the title themselves.
  head: ({ loaderData }) => (loaderData ? pageHeadTags(loaderData.head) : {}),
});

/** Spec 001 §2: /l/elevate/ and /catalogsearch/result/ take a strict trailing slash. */
function strictTrailingSlash({ location }: { location: { pathname: string; searchStr: string } }) {
  if (!location.pathname.endsWith('/')) {
    throw redirect({ href: `${location.pathname}/${location.searchStr}`, replace: true });
  }
}

const listingSearch = (search: Record<string, unknown>): ListingSearch => parseListingSearch(search);

interface PageOptions {
  validateSearch?: typeof listingSearch;
  beforeLoad?: typeof strictTrailingSlash;
  /** false: a page of one shopper (account, cart, checkout), rendered in the browser inside the server's shell. */
  ssr?: false;
}

const page = (path: string, name: string, component: AnyRoute['options']['component'], options: PageOptions = {}) =>
  createRoute({ getParentRoute: () => rootRoute, path, component, staticData: { name }, ...options });

const lazy = <T extends Record<string, unknown>>(importer: () => Promise<T>, exportName: keyof T) =>
  lazyRouteComponent(importer, exportName as never);

/** Routes whose pages are exports of one lazily loaded module: path → [spec route name, export]. */
function lazyPages<T extends Record<string, unknown>>(
  importer: () => Promise<T>,
  pages: Record<string, [name: string, exportName: keyof T]>,
  options: PageOptions = {},
) {
  return Object.entries(pages).map(([path, [name, exportName]]) =>
    page(path, name, lazy(importer, exportName), options),
  );
}

// Each first page loads its own chunk: the account's forms (profile, preferences) and the checkout's return pages are
// apart from the pages that do not show them (docs/server-rendering.md "Bundle").
const account = () => import('../features/account/account-pages.tsx');
const profile = () => import('../features/account/profile-page.tsx');
const preferences = () => import('../features/account/preferences-page.tsx');
const outbox = () => import('../features/account/outbox-page.tsx');
const cart = () => import('../features/cart/cart-page.tsx');
const checkout = () => import('./checkout-route.tsx');
const checkoutReturn = () => import('../features/checkout/checkout-return-page.tsx');
const login = () => import('../features/account/login-page.tsx');
const stores = () => import('../features/stores/stores-pages.tsx');
const statics = () => import('../features/static/static-pages.tsx');
const search = () => import('../features/search/search-page.tsx');
const landing = () => import('../features/search/landing-page.tsx');
const newsletter = () => import('../features/newsletter/newsletter-pages.tsx');
const wishlist = () => import('../features/wishlist/wishlist-page.tsx');
const donations = () => import('./donation-route.tsx');
const compare = () => import('../features/compare/compare-page.tsx');
const preview = () => import('../features/content/preview-page.tsx');

// A route's layout and page type follow from its name's page-type group (domain/page-types.ts).
const perShopper: PageOptions = { ssr: false };
const listing: PageOptions = { validateSearch: listingSearch };
const searchListing: PageOptions = { ...listing, beforeLoad: strictTrailingSlash };

/** Live blocks of other features inside a CMS page: the gift card balance check of /cadeaubonnen (spec 001 §1). */
const CONTENT_BLOCKS: BlockComponents = { gift_card_balance: GiftCardBalanceBlock };

/** The dispatcher renders the page a path maps to; those pages belong to their features (docs/architecture.md "Layout and where to look"). */
const DISPATCHED_PAGES: DispatchedPages = {
  ProductView,
  CategoryView,
  ContentView: ({ slug }) => <ContentView slug={slug} blockComponents={CONTENT_BLOCKS} />,
  LandingView: lazyRouteComponent(landing, 'LandingView'),
  StoreView: lazyRouteComponent(stores, 'StoreView'),
};
const DispatchedPage = () => <DispatcherPage pages={DISPATCHED_PAGES} />;

/**
 * The server loads every lazily loaded page (and content block) once, before its first render: a component still
 * loading would suspend the render, and its HTML would come after the page's shell in a part only a script shows (a
 * search engine or a browser without JavaScript would read the loader).
 */
export function preloadPages(): Promise<unknown> {
  const lazies = [
    ...(routeTree.children ?? []).map((route: AnyRoute) => route.options.component),
    ...Object.values(DISPATCHED_PAGES),
    ...LAZY_BLOCKS,
  ] as Array<{ preload?: () => Promise<void> } | undefined>;
  return Promise.all(lazies.map((component) => component?.preload?.()));
}

export const routeTree = rootRoute.addChildren([
  page('/', 'home', HomePage),
  page('pwa.html', 'home', HomePage),
  page('winkelwagen', 'cart', lazy(cart, 'CartPage'), perShopper),
  page('checkout', 'checkout', lazy(checkout, 'CheckoutRoute'), perShopper),
  page('checkout-return', 'checkout-return', lazy(checkoutReturn, 'CheckoutReturnPage'), perShopper),
  page('checkout-failed', 'checkout-failed', lazy(checkoutReturn, 'CheckoutFailedPage'), perShopper),
  ...lazyPages(
    account,
    {
      'mijn-account': ['my-account', 'AccountHomePage'],
      'mijn-account/placeholder-1': ['my-account-placeholder', 'AccountOverviewPage'],
      'mijn-account/ofm-club': ['my-account-loyalty', 'LoyaltyPage'],
      'mijn-account/coupons-overview': ['my-account-coupons', 'CouponsPage'],
      'mijn-account/aankopen': ['my-account-orders', 'OrdersPage'],
      'mijn-account/aankopen/$orderId': ['my-account-order', 'OrderPage'],
      'mijn-account/winkel-aankopen/$transactionId': ['my-account-transaction', 'TransactionPage'],
    },
    perShopper,
  ),
  ...lazyPages(profile, { 'mijn-account/persoonlijke-gegevens': ['my-account-profile', 'ProfilePage'] }, perShopper),
  ...lazyPages(
    preferences,
    { 'mijn-account/mijn-voorkeuren': ['my-account-preferences', 'PreferencesPage'] },
    perShopper,
  ),
  ...lazyPages(outbox, { 'mijn-account/wachtende-bestellingen': ['my-account-outbox', 'OutboxPage'] }, perShopper),
  page('p/$parentSku/$slug', 'simple-product', ProductPage),
  page('p/$parentSku/$slug/$childSku', 'configurable-product', ProductPage),
  page('c/$slug', 'category', CategoryPage, listing),
  ...lazyPages(
    login,
    { 'login': ['login', 'LoginPage'], 'password/reset': ['reset-password', 'PasswordResetPage'] },
    perShopper,
  ),
  // the two links of the newsletter confirmation mail (docs/customer-account.md "Newsletter"); not in spec 001's route table
  ...lazyPages(newsletter, {
    'nieuwsbrief/bevestigen': ['newsletter-confirm', 'NewsletterConfirmPage'],
    'nieuwsbrief/afmelden': ['newsletter-unsubscribe', 'NewsletterUnsubscribePage'],
  }),
  ...lazyPages(stores, {
    'winkels': ['storelocator', 'StoreLocatorPage'],
    'w/winkels/$slug': ['storelocator-entry', 'StorePage'],
  }),
  ...lazyPages(donations, {
    'mannen-voor-mannen/$slug': ['donation', 'DonationRoute'],
    // where the payment page returns a donor (docs/checkout-and-orders.md "Donations"); not in spec 001's route table
    'mannen-voor-mannen/donatie/$hashKey': ['donation-status', 'DonationStatusPage'],
  }),
  page('l/elevate', 'elevate-landing-page', lazy(search, 'SearchPage'), searchListing),
  page('catalogsearch/result', 'search-results', lazy(search, 'SearchPage'), searchListing),
  ...lazyPages(wishlist, { wishlist: ['wishlist', 'WishlistPage'] }, perShopper),
  // spec 000 §2 names the page type "compare" but spec 001's route table no path (docs/catalogue-and-search.md "Compare list")
  page('vergelijken', 'compare', lazy(compare, 'ComparePage'), perShopper),
  ...lazyPages(statics, { error: ['error', 'ErrorPage'] }),
  // the editor's draft preview (docs/content.md)
  page('storyblok', 'storyblok', lazy(preview, 'PreviewPage'), perShopper),
  page('storyblok-empty', 'storyblok-empty', lazy(preview, 'PreviewPage'), perShopper),
  // Every other path goes through the URL dispatcher (spec 000 §2) before it may be "not found".
  page('$', 'dispatcher', DispatchedPage),
]);

export interface ShopRouterOptions {
  /** The page data the server renders with (server) or none (browser). */
  page?: PageData | null;
  /** Render the whole document (html, head with the route's head tags, body with the router's scripts): the server
   * and the app hydrating its HTML. Without it the app renders into index.html's #root (dev server, offline shell). */
  document?: boolean;
  /** The server's answer's CSP nonce: on every script the router writes (the browser reads it from the page). */
  nonce?: string;
}

export function createShopRouter({ page: pageData = null, document = false, nonce }: ShopRouterOptions = {}) {
  // Hydration's render is the page the shopper already sees: where they have scrolled it before the app ran, the
  // router's first scroll restoration (to the top on a first visit) would move the page under their finger, and the
  // next tap lands on what moved there (docs/server-rendering.md "How a tap travels from the first paint to the worker").
  let hydrating = document;
  const restoreScroll = () => {
    // The server asks too, whether to render the router's restoring script: never. The script runs where the parser
    // reaches it, after the page's main content has been drawn, and scrolls to the top when no position was saved:
    // a shopper who had scrolled to "In winkelwagen" while the page arrived was moved back, and tapped the image.
    // A position saved for this history entry is restored by the router when it hydrates (below).
    if (typeof window === 'undefined') return false;
    const keep = hydrating && window.scrollY !== 0;
    hydrating = false;
    return !keep;
  };
  const router = createRouter({
    routeTree,
    ...(nonce ? { ssr: { nonce } } : {}),
    context: { page: pageData },
    ...(document ? { InnerWrap: ShopDocument } : {}),
    trailingSlash: 'preserve',
    defaultPreload: 'intent',
    scrollRestoration: restoreScroll,
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
  // The server renders one page and is done: no progress bar, navigation record or worker there.
  if (router.isServer) return router;
  // A navigation renders the next page in one synchronous piece: the router's state is an external store, which
  // React never renders as a transition. Started inside a tap (a link, a size), that piece is ~200–300 ms at 4× before
  // the tap's own frame (the closed panel, the chosen size, the pressed link) can be drawn, and INP counts all of it.
  // Every navigation therefore starts after the next frame; a hidden page draws no frames and navigates at once.
  const navigateNow = router.navigate;
  router.navigate = ((options) =>
    window.document.visibilityState === 'visible'
      ? nextPaint().then(() => navigateNow(options))
      : navigateNow(options)) as typeof router.navigate;
  router.subscribe('onBeforeNavigate', (e) => {
    if (e.pathChanged) startProgress();
  });
  router.subscribe('onResolved', (e) => {
    finishProgress();
    pageShown(router, e.toLocation.pathname);
  });
  return router;
}

/**
 * What every page shown does: nav_path records it (spec 000 §2), and near expiry the profile is refreshed while an
 * expired session in checkout goes home (spec 000 §4). The router calls it for each navigation; a server-rendered
 * first page is hydrated without one, so the entry calls it for that page (src/main.tsx).
 */
export function pageShown(router: { navigate: (options: { to: string; replace: boolean }) => unknown }, path: string) {
  recordNavigation(path);
  void shop()
    .onNavigation(path)
    .then(({ redirect: to }) => (to ? router.navigate({ to, replace: true }) : undefined))
    .catch(() => undefined);
}
