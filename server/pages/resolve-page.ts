import type { FastifyInstance } from 'fastify';
import { listingState } from '../../domain/catalog/listing-query.ts';
import {
  DEFAULT_DESCRIPTION,
  metaDescription,
  pageTitle,
  prefetchKey,
  type PageData,
  type PageHead,
} from '../../domain/page-data.ts';
import { normalizePath } from '../../domain/url-path.ts';
import type { ProductDocument } from '../catalog/product-document.ts';
import { findTarget, normaliseUrlPath } from '../catalog/url-map-route.ts';
import type { StoreCode } from '../catalog/store-context.ts';
import { publishedStoryById } from '../content/stories.ts';
import { storeLocations } from '../content/store-locator-routes.ts';
import {
  categoryData,
  categoryListing,
  productBySku,
  productView,
  publishedStory,
  textSearch,
} from './catalogue-reads.ts';

/** The route the app's router matched for a URL (its spec route name and path params; src/entry-server.tsx). */
export interface PageMatch {
  name: string;
  params: Record<string, string>;
}

/** CMS stories every page's shell shows (src/features/shell/: highlight bar and footer). */
const SHELL_STORIES = ['global/highlight-bar', 'global/footer'];

const STORE: StoreCode = 'nl';

interface Resolved {
  status?: PageData['status'];
  redirect?: string;
  head?: Partial<PageHead>;
  prefetched?: Record<string, unknown>;
}

const NOT_FOUND: Resolved = { status: 404, head: { title: 'Pagina niet gevonden' } };

/**
 * For one URL: the status, the head and the data the page renders with (README "Server rendering"). The app's
 * router decides which page a URL is (`match`); this reads what that page shows from the catalogue and the CMS. A
 * path no named route matches goes through the URL dispatcher's server lookup (spec 000 §2), and one it cannot map
 * is 404 with the not-found page.
 */
export async function resolvePage(app: FastifyInstance, url: URL, match: PageMatch | null): Promise<PageData> {
  const [resolved, shell] = await Promise.all([pageOf(app, url, match), shellStories(app)]);
  const canonicalPath = resolved.head?.canonical ?? normalizePath(url.pathname);
  return {
    status: resolved.status ?? 200,
    ...(resolved.redirect ? { redirect: resolved.redirect } : {}),
    head: {
      title: resolved.head?.title ? pageTitle(resolved.head.title) : pageTitle(undefined),
      description: resolved.head?.description ?? DEFAULT_DESCRIPTION,
      canonical: new URL(canonicalPath, url.origin).href,
    },
    prefetched: { ...shell, ...resolved.prefetched },
  };
}

async function shellStories(app: FastifyInstance): Promise<Record<string, unknown>> {
  const stories = await Promise.all(SHELL_STORIES.map((slug) => publishedStory(app, slug)));
  return Object.fromEntries(SHELL_STORIES.map((slug, i) => [prefetchKey.story(slug), stories[i]]));
}

function pageOf(app: FastifyInstance, url: URL, match: PageMatch | null): Promise<Resolved> {
  const p = match?.params ?? {};
  switch (match?.name) {
    case 'home':
      return storyPage(app, 'home', { title: 'Herenmode online', canonical: '/' });
    case 'simple-product':
    case 'configurable-product':
      return productPage(app, p.parentSku);
    case 'category':
      return categoryPage(app, p.slug, url);
    case 'dispatcher':
      return dispatchedPage(app, url);
    case 'storelocator':
    case 'storelocator-entry':
      return storesPage(app, p.slug);
    case 'search-results':
    case 'elevate-landing-page':
      return searchPage(app, url);
    case undefined:
      return Promise.resolve(NOT_FOUND);
    default:
      // A page without catalogue data (account, cart, checkout, login, wishlist…): the app renders it.
      return Promise.resolve({});
  }
}

const productHead = (product: ProductDocument): Partial<PageHead> => ({
  title: String(product.name ?? ''),
  description: metaDescription(product.meta_description ?? product.short_description ?? product.description),
  canonical: `/${String(product.url_path ?? '')}`,
});

async function productPage(app: FastifyInstance, parentSku: string | undefined): Promise<Resolved> {
  const product = parentSku ? await productBySku(app, STORE, parentSku) : null;
  if (!product) return NOT_FOUND;
  return { head: productHead(product), prefetched: { [prefetchKey.product(parentSku!)]: productView(product) } };
}

async function categoryPage(app: FastifyInstance, urlPath: string | undefined, url: URL): Promise<Resolved> {
  const data = urlPath ? await categoryData(app, urlPath) : null;
  if (!data) return NOT_FOUND;
  const { category } = data;
  const state = listingState(Object.fromEntries(url.searchParams));
  const listing = await categoryListing(app, STORE, Number(category.id), state);
  return {
    head: {
      title: String(category.name ?? ''),
      description: metaDescription(category.meta_description ?? category.description),
      canonical: `/${String(category.url_path ?? '')}`,
    },
    prefetched: {
      [prefetchKey.category(urlPath!)]: data,
      [prefetchKey.listing(Number(category.id), state)]: listing,
    },
  };
}

/** The store locator and one store's page (spec 001 §2, §3): both read the list of stores. */
async function storesPage(app: FastifyInstance, slug: string | undefined): Promise<Resolved> {
  const stores = (await storeLocations(app.db)) as { slug: string; name: string; city?: string }[];
  const prefetched = { [prefetchKey.stores()]: stores };
  if (slug === undefined) return { head: { title: 'Winkels', canonical: '/winkels/' }, prefetched };
  const store = stores.find((s) => s.slug === slug);
  if (!store) return { ...NOT_FOUND, prefetched };
  return { head: { title: store.name, description: `OFM ${store.name}, ${store.city ?? ''}`.trim() }, prefetched };
}

/** The search page (spec 001 §5) with the results of its `q`, when that is a search term. */
async function searchPage(app: FastifyInstance, url: URL): Promise<Resolved> {
  const q = (url.searchParams.get('q') ?? '').trim();
  const { page } = listingState(Object.fromEntries(url.searchParams));
  const result = await textSearch(app, STORE, q, page);
  // These two paths keep their trailing slash (spec 001 §2); the search term is no page of its own.
  const canonical = url.pathname;
  if (!result) return { head: { title: 'Zoeken', canonical } };
  return {
    head: { title: `Zoekresultaten voor ‘${q}’`, canonical },
    prefetched: { [prefetchKey.search(q, page)]: result },
  };
}

async function storyPage(app: FastifyInstance, slug: string, head: Partial<PageHead> = {}): Promise<Resolved> {
  const story = await publishedStory(app, slug);
  const seo = (story?.content as { seo?: { title?: string; description?: string } } | undefined)?.seo;
  return {
    head: {
      title: seo?.title ?? story?.name ?? undefined,
      description: metaDescription(seo?.description),
      ...head,
    },
    prefetched: { [prefetchKey.story(slug)]: story },
  };
}

/**
 * The URL dispatcher's server step (spec 000 §2, as `POST /api/url/map` answers the worker): the route it resolves
 * to, in the worker's `ResolvedRoute` form, and that page's data.
 */
async function dispatchedPage(app: FastifyInstance, url: URL): Promise<Resolved> {
  const path = normalizePath(url.pathname);
  const routeKey = prefetchKey.route(url.pathname);
  const notFound: Resolved = {
    ...NOT_FOUND,
    prefetched: { [routeKey]: { path, name: 'page-not-found', params: { slug: 'page-not-found' } } },
  };
  const urlPath = normaliseUrlPath(url.pathname);
  const target = urlPath ? await findTarget(app.db, STORE, urlPath) : null;
  if (!target) return storyFallback(app, url, path, urlPath, notFound);

  if (target.entity_type === 'category') {
    const page = await categoryPage(app, urlPath, url);
    if (page.status === 404) return notFound;
    const route = { path, name: 'category', params: { url_path: urlPath } };
    return { ...page, prefetched: { ...page.prefetched, [routeKey]: route } };
  }
  if (target.entity_type === 'cms_page') {
    const story = await publishedStoryById(app.db, target.entity_id);
    if (!story) return notFound;
    const page = await storyPage(app, story.slug, { canonical: path });
    const route = { path, name: 'cms-page', params: { slug: story.slug } };
    return { ...page, prefetched: { ...page.prefetched, [routeKey]: route } };
  }
  const { rows } = await app.db.query<{ sku: string; parent_sku: string | null; parent_path: string | null }>(
    `select p.sku, parent.sku as parent_sku, parent.url_path as parent_path
       from products p left join products parent on parent.id = p.parent_id where p.id = $1`,
    [target.entity_id],
  );
  return productByRow(app, rows[0], path, routeKey, notFound);
}

/**
 * The dispatcher's fallback (spec 000 §2; worker/routing/fallback.ts) as far as the server renders it: a content
 * story with the path as its full slug. Its other steps (a product by the last segment's url key, a landing page, a
 * store) are not rendered here yet: such a path answers 404 and the app, once its worker resolves the path, shows
 * the page (README "Server rendering", what is left).
 */
async function storyFallback(
  app: FastifyInstance,
  url: URL,
  path: string,
  urlPath: string,
  notFound: Resolved,
): Promise<Resolved> {
  const story = urlPath ? await publishedStory(app, urlPath) : null;
  if (!story) return notFound;
  const page = await storyPage(app, urlPath, { canonical: path });
  const route = { path, name: 'storyblok', params: { slug: urlPath } };
  return { ...page, prefetched: { ...page.prefetched, [prefetchKey.route(url.pathname)]: route } };
}

async function productByRow(
  app: FastifyInstance,
  row: { sku: string; parent_sku: string | null; parent_path: string | null } | undefined,
  path: string,
  routeKey: string,
  notFound: Resolved,
): Promise<Resolved> {
  if (!row) return notFound;
  if (row.parent_sku && row.parent_path) {
    // A configurable child's URL moves to its parent's with the child chosen (spec 000 §2, 301).
    return { status: 301, redirect: `/${row.parent_path}?childSku=${encodeURIComponent(row.sku)}` };
  }
  const product = await productBySku(app, STORE, row.sku);
  if (!product) return notFound;
  const route = {
    path,
    name: `${String(product.type_id)}-product`,
    params: { slug: String(product.slug ?? product.url_key ?? ''), parentSku: row.sku, childSku: row.sku },
  };
  return {
    head: productHead(product),
    prefetched: { [routeKey]: route, [prefetchKey.product(row.sku)]: productView(product) },
  };
}
