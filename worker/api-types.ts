/**
 * The typed contract between the React app (main thread) and the sync engine (Web Worker), exposed with comlink.
 * Type-only: importing this file adds nothing to the main bundle. Each area owns its own interface so areas can be
 * changed without touching each other: core, catalogue and routing here; session, cart, checkout and wishlist in
 * their folders.
 *
 * Live queries: `subscribe(spec, onChange)` calls `onChange` with the current value and again on every change (from
 * this tab, another tab, or the server). `notifications` is an event stream: it has no current value and emits each
 * new notification once.
 */
import type { SortId } from '../domain/catalog/sort-options.ts';
import type { ListingBody, TextSearchRefinement } from '../domain/catalog/listing-query.ts';
import type { NotificationType } from '../domain/notifications.ts';
import type { DirectoryCountry } from '../domain/checkout/countries.ts';

export type { TextSearchRefinement, DirectoryCountry };
import type { MappedRoute } from '../schemas/index.ts';
import type { Category, ConfigurableChild, Product } from '../contract/catalog.ts';
import type { TexTracerStep } from '../contract/product-reviews.ts';
import type { ProductReviewsView } from '../domain/catalog/product-reviews.ts';
import type { CartApi, CartLiveQueries } from './cart/api-types.ts';
import type { CheckoutApi, CheckoutLiveQueries } from './orders/api-types.ts';
import type { DonationApi } from './donations/api-types.ts';
import type { CompareApi, CompareLiveQueries } from './compare/api-types.ts';
import type { ContentApi } from './content/api-types.ts';
import type { RecentlyViewedApi, RecentlyViewedLiveQueries } from './recently-viewed/api-types.ts';
import type { GiftCardsApi } from './giftcards/api-types.ts';
import type { NewsletterApi } from './newsletter/api-types.ts';
import type { SessionApi, SessionLiveQueries } from './user/api-types.ts';
import type { StorageStatus } from './db/storage-health.ts';
import type { DeviceUpdateProgress } from './db/migrate-collections.ts';
import type { WishlistApi, WishlistLiveQueries } from './wishlist/api-types.ts';
import type { SearchProviderApi } from './search-provider/api-types.ts';

export type { MappedRoute } from '../schemas/index.ts';
export type { Category, ConfigurableChild, Product } from '../contract/catalog.ts';
export type { JourneyStep, ProductReview, TexTracerStep } from '../contract/product-reviews.ts';
export type * from './cart/api-types.ts';
export type * from './orders/api-types.ts';
export type * from './donations/api-types.ts';
export type * from './compare/api-types.ts';
export type * from './content/api-types.ts';
export type * from './recently-viewed/api-types.ts';
export type * from './giftcards/api-types.ts';
export type * from './newsletter/api-types.ts';
export type * from './user/api-types.ts';
export type { StorageStatus } from './db/storage-health.ts';
export type { DeviceUpdateProgress, MigrationOutcome } from './db/migrate-collections.ts';
export type * from './wishlist/api-types.ts';
export type * from './search-provider/api-types.ts';

// ---------------------------------------------------------------------------------------------------------------
// Notifications (spec 001 §3 "Notification"): data, not UI. `messageKey` is the spec's English text; the app
// translates it with its Dutch catalogue and fills `{param}` placeholders from `params`.

export interface NotificationAction {
  /** English source text of the button label, translated by the app ('OK', 'Proceed to checkout', 'Log in'). */
  labelKey: string;
  /** Where the action navigates (e.g. '/checkout'); absent means "just close". */
  href?: string;
  /** A named app action, e.g. 'open-login' (opens the authentication modal). */
  command?: string;
}

export interface ShopNotification {
  id: string;
  type: NotificationType;
  messageKey: string;
  params?: Record<string, string | number>;
  action?: NotificationAction;
  /** ms; absent means the shell default (3000 ms, spec 001 §4). */
  timeToLive?: number;
  hasNoTimeout?: boolean;
  /** The wishlist notification (spec 001 §3): 'add' shows the product image and, to guests, the signup mini-banner. */
  wishlist?: { action: 'add' | 'remove'; img?: string };
}

// ---------------------------------------------------------------------------------------------------------------
// Live queries: each area declares `{ [name]: { params; value } }`; the union of specs is derived from that.

export interface CoreLiveQueries {
  notifications: { params: object; value: ShopNotification };
  online: { params: object; value: boolean };
  /** The device storage's state for the diagnostics view (spec 001 §4 "Offline cache"). */
  storage: { params: object; value: StorageStatus };
}

export interface CatalogLiveQueries {
  /** The cached product document (or null when it was never loaded on this device). */
  product: { params: { sku: string }; value: Product | null };
  /** Active children of a category (root id 2 for the main menu), from the local cache first. */
  categories: { params: { parentId: number }; value: Category[] };
}

export interface RoutingLiveQueries {
  /** The navigation path history (spec 000 §2 `nav_path`), newest last. */
  navPath: { params: object; value: string[] };
}

export type LiveQueries = CoreLiveQueries &
  CatalogLiveQueries &
  RoutingLiveQueries &
  SessionLiveQueries &
  CartLiveQueries &
  CheckoutLiveQueries &
  WishlistLiveQueries &
  CompareLiveQueries &
  RecentlyViewedLiveQueries;

export type LiveQueryName = keyof LiveQueries;
export type LiveQuerySpec = { [K in LiveQueryName]: { name: K } & LiveQueries[K]['params'] }[LiveQueryName];
export type LiveQueryValue<S extends { name: LiveQueryName }> = LiveQueries[S['name']]['value'];

// ---------------------------------------------------------------------------------------------------------------
// Core

export interface StoreConfig {
  storeCode: 'nl' | 'be';
  storeId: number;
  /** Base of the API, '' for same origin. */
  apiBase: string;
  currency: 'EUR';
  locale: 'nl-NL' | 'nl-BE';
  /** Default tax country of the storefront (spec 000 §9). */
  taxCountry: 'NL' | 'BE';
}

/** This build's version and the one the server named in its latest answer (docs/api.md "Versions"). */
export interface ShopVersions {
  app: string;
  /** null until the server has answered once in this session. */
  server: string | null;
}

/** The directory answer (spec 001 §7 "Directory data: countries and currencies") as the app uses it. */
export interface Directory {
  countries: DirectoryCountry[];
  /** The store's base currency (GET directory/currencies). */
  currency: { code: string; symbol: string };
  /** Where the countries come from: this call, the last good cached answer, or the built-in shipping countries. */
  source: 'server' | 'cache' | 'built-in';
}

export interface CoreApi {
  /** Resolves when the database is open; tells the app which storefront the worker serves. */
  ready(): Promise<StoreConfig>;
  /** For the diagnostics page: which build this device runs and which the server does. */
  versions(): Promise<ShopVersions>;
  /** Starts a live query; returns its id for `unsubscribe`. `onChange` must be a `Comlink.proxy`. */
  subscribe<S extends LiveQuerySpec>(spec: S, onChange: (value: LiveQueryValue<S>) => void): Promise<number>;
  unsubscribe(id: number): Promise<void>;
  /** The main thread forwards the browser's online/offline events (the worker also listens itself). */
  setOnline(online: boolean): Promise<void>;
  /** A tab became visible: the queue tries what waits now instead of at its next timer (docs/sync-engine.md). */
  wake(): Promise<void>;
  /** The page's heartbeat, every 1.5 s while it runs: a frozen tab's worker stops sending (docs/sync-engine.md). */
  pageAlive(): Promise<void>;
  /** The page hears `freeze` or `pagehide`: its worker gives the queue's lease up now, not after the heartbeat's silence. */
  pageStopped(): Promise<void>;
  /** The directory's countries and currency, cached; a call that did not answer 200 leaves the last good answer. */
  directory(): Promise<Directory>;
}

// ---------------------------------------------------------------------------------------------------------------
// Catalogue

export type FilterOperator = 'eq' | 'neq' | 'in' | 'nin' | 'gt' | 'gte' | 'lt' | 'lte';
export type FilterValue = string | number | boolean | Partial<Record<FilterOperator, unknown>>;

/** Body of `POST /api/catalog/{store}/product/_search` (docs/api.md): a listing's body and a projection. */
export interface ProductSearchQuery extends ListingBody {
  filter?: Record<string, FilterValue>;
  includeFields?: string[];
  excludeFields?: string[];
}

export interface AggregationBucket {
  key: string | number;
  doc_count: number;
  from?: number;
  to?: number | null;
}

export interface AttributeMetadata {
  attribute_code: string;
  attribute_id?: number | string;
  frontend_label?: string;
  options?: { value: string; label: string }[];
  [key: string]: unknown;
}

/** Spec 001 §3 "Search result". `offline`/`cache`/`noresults` tell the page why it shows what it shows. */
export interface SearchResult {
  items: Product[];
  total: number;
  start: number;
  perPage: number;
  aggregations: Record<string, { buckets: AggregationBucket[] }>;
  attributeMetadata: AttributeMetadata[];
  /** True when the answer did not come from the network because the device is offline (or the server unreachable). */
  offline: boolean;
  /** True when the items come from the local cache. */
  cache: boolean;
  noresults: boolean;
}

/** A category listing driven by the route query (filters and sort from the URL, spec 000 §2). */
export interface CategoryListingQuery {
  categoryId: number;
  /** attribute_code → selected option values; `price` takes bucket keys such as '0-50', '150-'. */
  filters?: Record<string, string[]>;
  /** 'position' (default, asc), 'latest', 'price_asc', 'price_desc'. */
  sort?: CategorySort;
  page?: number;
  size?: number;
}

/** The sort ids of spec 000 §9, from domain/catalog/sort-options.ts. */
export type CategorySort = SortId;

export interface ProductLoadRequest {
  parentSku: string;
  childSku?: string;
}

export interface ProductView {
  /** The parent (or simple) product, after the loading rules; `errors.variants` is set when nothing is in stock. */
  product: Product;
  /** The currently configured child of a configurable product (from childSku), if any. */
  selectedChild: ConfigurableChild | null;
  /** attribute_code → option value of the selected child. */
  configuration: Record<string, string>;
  /** Grouped products: the associated simple products (associated links only). */
  associated: Product[];
  /** True when served from the local cache because the network failed or the device is offline. */
  fromCache: boolean;
}

/** One page of a product's reviews (spec 001 §1 "product reviews"), newest first. */
export type { ProductReviewsView };

/** Where a product was made (the tex tracer, spec 001 §2): its steps in order, empty when none are known. */
export interface TexTracerView {
  steps: TexTracerStep[];
  offline: boolean;
}

export interface CatalogApi {
  searchProducts(query: ProductSearchQuery): Promise<SearchResult>;
  /** Category page listing; the base filter (visibility 2–4, status 0–1) is added by the worker. */
  categoryListing(query: CategoryListingQuery): Promise<SearchResult>;
  /** Free-text search (at least 3 characters, spec 001 §5), narrowed by the results page's facets and sort. */
  textSearch(text: string, page?: number, size?: number, refine?: TextSearchRefinement): Promise<SearchResult>;
  /** Active children of a category; ids below the root (2) are never queried by id (spec 000 §5). */
  loadCategories(parentId: number): Promise<Category[]>;
  /** Null when the server has no such category; rejects (NetworkError) offline when this device has not seen it. */
  getCategory(by: { id: number } | { url_path: string }): Promise<Category | null>;
  /** Loads a product by parent sku with the spec 000 §4 loading rules; rejects when the product may not be shown. */
  loadProduct(request: ProductLoadRequest): Promise<ProductView>;
  /**
   * Finds the child variant matching the chosen options (attribute_code → value). Null and a warning notification
   * ("No such configuration for the product…") when none matches.
   */
  configureProduct(parentSku: string, options: Record<string, string>): Promise<{ childSku: string } | null>;
  /** Products of the same model in other colours (link_type colorrelation), in stock, at most 20. */
  colorRelations(sku: string): Promise<Product[]>;
  /**
   * A page of a product's reviews (a size's are its parent's); offline the page kept from an earlier visit, else it
   * rejects with the network error.
   */
  productReviews(sku: string, offset?: number): Promise<ProductReviewsView>;
  /** The product journey (tex tracer); offline the one kept from an earlier visit, else the network error. */
  texTracer(sku: string): Promise<TexTracerView>;
}

// ---------------------------------------------------------------------------------------------------------------
// Routing (spec 000 §2 "Route resolution")

/** What the app's router matched for a path before the dispatcher runs. */
export interface RouteMatch {
  /** Route name, or absent when no route matched (unmatched path). */
  name?: string;
  params?: Record<string, string>;
  /** True for routes that exist only to be resolved by the dispatcher (e.g. a url_path catch-all). */
  dispatcher?: boolean;
  /** The content-page flag: forces the content (storyblok) route (spec 000 §2). */
  cmsPage?: boolean;
}

export interface ResolvedRoute extends MappedRoute {
  /** The path that was resolved (without query). */
  path: string;
  /** The path could not be resolved because the server is unreachable (offline): show the offline message. */
  offline?: boolean;
}

export interface RoutingApi {
  /**
   * Maps a path to a real route: memory → local url map → server → the four-step fallback. A match that does not
   * need the dispatcher is returned unchanged. Unknown paths answer `page-not-found`.
   */
  resolveRoute(path: string, matched?: RouteMatch): Promise<ResolvedRoute>;
  /** Records a visited path in nav_path (max 30). */
  pushNavPath(path: string): Promise<void>;
}

/** Answered by the worker's entry before the database is open (worker/main.ts); every other call waits for it. */
export interface DeviceUpdateApi {
  /**
   * Hears the progress of the schema migration at the worker's start (docs/offline-and-storage.md "Schema
   * migrations"), once it has taken longer than a moment, and `done` when the database is open.
   */
  watchDeviceUpdate(onProgress: (progress: DeviceUpdateProgress) => void): Promise<void>;
}

export type ShopWorkerApi = DeviceUpdateApi &
  CoreApi &
  CatalogApi &
  RoutingApi &
  SessionApi &
  CartApi &
  CheckoutApi &
  NewsletterApi &
  GiftCardsApi &
  DonationApi &
  WishlistApi &
  CompareApi &
  ContentApi &
  RecentlyViewedApi &
  SearchProviderApi;
