import type { FastifyInstance } from 'fastify';
import { listingState } from '../../domain/catalog/listing-query.ts';
import { prefetchKey } from '../../domain/page-data.ts';
import { ROOT_CATEGORY_ID } from '../../domain/catalog/menu-categories.ts';
import { normalizePath } from '../../domain/url-path.ts';
import { themeOf } from '../../domain/content/theme.ts';
import { landingPageOf, landingRequest, type LandingPageQuery } from '../../domain/search-provider/landing-page.ts';
import { landingPageAnswer } from '../catalog/landing-page-route.ts';
import { normaliseUrlPath } from '../catalog/url-map-route.ts';
import type { TrailEntry } from '../../domain/catalog/category-trail.ts';
import type { ProductDocument } from '../catalog/product-document.ts';
import type { StoreCode } from '../catalog/store-context.ts';
import { storeLocations } from '../content/store-locator-routes.ts';
import { publishedStoriesBySlugs } from '../content/stories.ts';
import type { PathTarget } from '../seo/resolve-path.ts';
import {
  categoryData,
  childCategories,
  categoryListing,
  productBySku,
  productPageAnswers,
  publishedStory,
  textSearch,
} from './catalogue-reads.ts';

/** The route the app's router matched for a URL (its spec route name and path params; src/entry-server.tsx). */
export interface PageMatch {
  name: string;
  params: Record<string, string>;
}

/**
 * The data a page renders with: the answers its data hooks ask for, keyed as they ask (domain/page-data.ts). The
 * status and head are the search-engine resolver's (server/seo/resolve-page-head.ts); `found: false` only says this
 * renderer has no data for the page, so the app renders its not-found view until the worker resolves the path.
 */
export interface PageDataAnswer {
  found: boolean;
  prefetched: Record<string, unknown>;
  /** The product page's product as read for it: the head is built from the same document (no second read). */
  product?: ProductDocument;
  /** That product's breadcrumbs as the page shows them: the head's BreadcrumbList is the same trail. */
  trail?: TrailEntry[];
}

/** CMS stories every page's shell shows (src/features/shell/: highlight bar, selling points, footer, review score). */
const SHELL_STORIES = ['global/highlight-bar', 'global/usps', 'global/footer', 'global/review-score'];

type Answer = { found?: false; prefetched?: Record<string, unknown>; product?: ProductDocument; trail?: TrailEntry[] };
const NOT_FOUND: Answer = { found: false };

interface Visit {
  app: FastifyInstance;
  url: URL;
  store: StoreCode;
  /** What the path is, as the URL dispatcher resolves it (server/seo/resolve-path.ts). */
  target: PathTarget | null;
}

/**
 * For one URL in one store view: what the page shows, read from the catalogue and the CMS (docs/server-rendering.md). The app's router decides which page a URL is (`match`); a path no named route matches is the page
 * the URL dispatcher resolves it to (`target`, spec 000 §2).
 */
export async function resolvePageData(
  app: FastifyInstance,
  url: URL,
  match: PageMatch | null,
  store: StoreCode,
  target: PathTarget | null,
): Promise<PageDataAnswer> {
  const visit: Visit = { app, url, store, target };
  // A read the page cannot make (a query the catalogue refuses) leaves its hooks to the worker: the page still renders.
  const answer: Answer = await pageOf(visit, match).catch((error: unknown) => {
    app.log.warn({ err: error, path: url.pathname }, 'server render without page data');
    return {};
  });
  const shell = { ...(await shellStories(visit)), ...(await shellMenu(visit)), ...(await shellTheme(visit)) };
  return {
    found: answer.found !== false,
    prefetched: { ...shell, ...answer.prefetched },
    product: answer.product,
    trail: answer.trail,
  };
}

/** A BE story is its slug under `be/`, else the shared one (spec 001 §2 "Content pages"; src/lib/cms-story.ts). */
async function storyOfStore({ app, store }: Visit, slug: string) {
  if (store !== 'nl') {
    const own = await publishedStory(app, `${store}/${slug}`);
    if (own) return own;
  }
  return publishedStory(app, slug);
}

async function shellStories({ app, store }: Visit): Promise<Record<string, unknown>> {
  const own = (slug: string) => (store === 'nl' ? [] : [`${store}/${slug}`]);
  const found = await publishedStoriesBySlugs(
    app.db,
    SHELL_STORIES.flatMap((slug) => [...own(slug), slug]),
  );
  // as storyOfStore: the store's own story, else the shared one
  return Object.fromEntries(
    SHELL_STORIES.map((slug) => [
      prefetchKey.story(slug),
      [...own(slug), slug].map((s) => found.get(s)).find((story) => story !== undefined) ?? null,
    ]),
  );
}

/** The top categories every page's shell links (the tabs and the menu), so a crawler reaches them from any page. */
async function shellMenu({ app, url }: Visit): Promise<Record<string, unknown>> {
  const categories = await childCategories(app, ROOT_CATEGORY_ID).catch((error: unknown) => {
    // The page is worth more than its menu: without it the worker fills the menu after hydration.
    app.log.warn({ err: error, path: url.pathname }, 'server render without the menu');
    return null;
  });
  return categories ? { [prefetchKey.childCategories(ROOT_CATEGORY_ID)]: categories } : {};
}

/** The theme config (spec 001 §7): the header's logo, the menu's items and the colours, as the worker reads them. */
async function shellTheme({ app }: Visit): Promise<Record<string, unknown>> {
  const story = await publishedStory(app, 'config/theme').catch(() => null);
  return story ? { [prefetchKey.theme()]: themeOf(story.content) } : {};
}

function pageOf(visit: Visit, match: PageMatch | null): Promise<Answer> {
  const p = match?.params ?? {};
  switch (match?.name) {
    case 'home':
      return storyPage(visit, 'home');
    case 'simple-product':
    case 'configurable-product':
      return productPage(visit, p.parentSku);
    case 'category':
      return categoryPage(visit, p.slug);
    case 'dispatcher':
      return dispatchedPage(visit);
    case 'storelocator':
    case 'storelocator-entry':
      return storesPage(visit, p.slug);
    case 'search-results':
    case 'elevate-landing-page':
      return searchPage(visit);
    case undefined:
      return Promise.resolve(NOT_FOUND);
    default:
      // A page without catalogue data (account, cart, checkout, login, wishlist…): the app renders it.
      return Promise.resolve({});
  }
}

async function productPage({ app, store }: Visit, parentSku: string | undefined): Promise<Answer> {
  const product = parentSku ? await productBySku(app, store, parentSku) : null;
  if (!product) return NOT_FOUND;
  return { ...(await productPageAnswers(app, store, product)), product };
}

async function categoryPage({ app, url, store }: Visit, urlPath: string | undefined): Promise<Answer> {
  const data = urlPath ? await categoryData(app, urlPath) : null;
  if (!data) return NOT_FOUND;
  const state = listingState(Object.fromEntries(url.searchParams));
  const listing = await categoryListing(app, store, Number(data.category.id), state);
  return {
    prefetched: {
      [prefetchKey.category(urlPath!)]: data,
      [prefetchKey.listing(Number(data.category.id), state)]: listing,
    },
  };
}

/** The store locator and one store's page (spec 001 §2, §3). */
async function storesPage({ app }: Visit, slug: string | undefined): Promise<Answer> {
  const stores = await storeLocations(app.db);
  if (slug === undefined) return { prefetched: { [prefetchKey.stores()]: stores } };
  const store = stores.find((s) => s.slug === slug);
  return store ? { prefetched: { [prefetchKey.store(slug)]: store } } : NOT_FOUND;
}

/** The search page (spec 001 §5) with the results of its `q`, when that is a search term. */
async function searchPage({ app, url, store }: Visit): Promise<Answer> {
  const q = (url.searchParams.get('q') ?? '').trim();
  const { page, filters, sort } = listingState(Object.fromEntries(url.searchParams));
  const refine = { filters, sort };
  const result = await textSearch(app, store, q, page, refine);
  return result ? { prefetched: { [prefetchKey.search(q, page, refine)]: result } } : {};
}

async function storyPage(visit: Visit, slug: string): Promise<Answer> {
  return { prefetched: { [prefetchKey.story(slug)]: await storyOfStore(visit, slug) } };
}

/**
 * A path no named route of the app matched, as the URL dispatcher resolves it (spec 000 §2; the same resolution the
 * head and status come from, server/seo/resolve-path.ts): the route in the worker's `ResolvedRoute` form, and that
 * page's data.
 */
async function dispatchedPage(visit: Visit): Promise<Answer> {
  const { url, target } = visit;
  const path = normalizePath(url.pathname);
  const routeKey = prefetchKey.route(url.pathname);
  const notFound: Answer = {
    ...NOT_FOUND,
    prefetched: { [routeKey]: { path, name: 'page-not-found', params: { slug: 'page-not-found' } } },
  };
  const page = await targetPage(visit, target);
  if (!page || page.found === false) return notFound;
  return {
    prefetched: { ...page.prefetched, [routeKey]: { path, ...page.route } },
    product: page.product,
    trail: page.trail,
  };
}

type Dispatched = Answer & { route: { name: string; params: Record<string, string> } };

async function targetPage(visit: Visit, target: PathTarget | null): Promise<Dispatched | null> {
  const urlPath = normaliseUrlPath(visit.url.pathname);
  switch (target?.kind) {
    case 'category': {
      const page = await categoryPage(visit, urlPath);
      return { ...page, route: { name: 'category', params: { url_path: urlPath } } };
    }
    case 'story': {
      const { story } = target;
      // The url map names a story by id: the app loads it by its slug (cms-page route, spec 001 §2).
      if (target.byMap) return { ...(await storyPage(visit, story.slug)), route: cmsRoute('cms-page', story.slug) };
      return { prefetched: { [prefetchKey.story(urlPath)]: story }, route: cmsRoute('storyblok', urlPath) };
    }
    case 'product': {
      // A configurable child's URL answers 301 before rendering (server/seo/resolve-page-head.ts).
      if (target.childOf !== null) return null;
      const product = await productBySku(visit.app, visit.store, target.sku);
      if (!product) return null;
      const params = {
        slug: String(product.slug ?? product.url_key ?? ''),
        parentSku: target.sku,
        childSku: target.sku,
      };
      return {
        ...(await productPageAnswers(visit.app, visit.store, product)),
        product,
        route: { name: `${String(product.type_id)}-product`, params },
      };
    }
    case 'landing': {
      const query = landingQuery(target.urlPath, visit.url);
      const request = landingRequest(query);
      const answer = await landingPageAnswer(visit.app.db, visit.app.now(), { ...request, storeCode: visit.store });
      if (!answer) return null;
      const landing = landingPageOf(answer, request.skip, false, false);
      return {
        prefetched: { [prefetchKey.landing(query)]: landing },
        route: { name: 'elevate-landing-page', params: { url_path: target.urlPath } },
      };
    }
    case 'store': {
      const page = await storesPage(visit, target.slug);
      return { ...page, route: { name: 'storelocator-entry', params: { slug: target.slug } } };
    }
    default:
      return null;
  }
}

const cmsRoute = (name: string, slug: string) => ({ name, params: { slug } });

/** The landing page's query as its view asks it (src/features/search/landing-page.tsx): page, sort and filters. */
function landingQuery(urlPath: string, url: URL): LandingPageQuery {
  const state = listingState(Object.fromEntries(url.searchParams));
  return { urlPath, page: state.page, sort: state.sort, filters: state.filters };
}
