import type { FastifyInstance } from 'fastify';
import {
  categoryListingBody,
  LISTING_FIELDS,
  PAGE_SIZE,
  textSearchBody,
  type ListingState,
  type TextSearchRefinement,
} from '../../domain/catalog/listing-query.ts';
import type { Product } from '../../contract/catalog.ts';
import {
  COLOR_RELATION_FIELDS,
  COLOR_RELATIONS_LIMIT,
  colorRelationSkus,
  colorRelationsBody,
  sortColorRelations,
} from '../../domain/catalog/color-relations.ts';
import { applyVariantRules } from '../../domain/catalog/configurable-child.ts';
import { prefetchKey } from '../../domain/page-data.ts';
import { menuOrder } from '../../domain/catalog/menu-categories.ts';
import { parentIdsOf, trailIdsOf, type TrailEntry } from '../../domain/catalog/category-trail.ts';
import { productCategoryTrail } from '../catalog/category-trail.ts';
import { productReviews } from '../catalog/product-reviews-route.ts';
import { reviewsView } from '../../domain/catalog/product-reviews.ts';
import { REVIEWS_PAGE_DEFAULT } from '../../contract/product-reviews.ts';
import { catalogCache } from '../catalog/catalog-cache.ts';
import { searchCategories, type CategoryDocument } from '../catalog/category-search.ts';
import type { ProductDocument } from '../catalog/product-document.ts';
import { searchProducts } from '../catalog/product-search.ts';
import { normaliseSearch } from '../catalog/search-route.ts';
import { priceContext, type StoreCode } from '../catalog/store-context.ts';
import { storyBySlug } from '../content/stories.ts';
import { isValidSearchTerm } from '../../domain/validation/index.ts';

/**
 * The catalogue and content reads a server-rendered page needs, called directly (no HTTP to itself) and answering
 * what the worker's same reads answer the app (worker/catalog/), so the hydrating app renders the same page.
 */

async function productSearch(app: FastifyInstance, store: StoreCode, body: Parameters<typeof normaliseSearch>[0]) {
  const cache = await catalogCache(app.db);
  return searchProducts(app.db, normaliseSearch(body, 'product'), priceContext(store, app.now(), cache), cache);
}

/** The product page's product (spec 000 §5 single-product search: status 1, any visibility). */
export async function productBySku(
  app: FastifyInstance,
  store: StoreCode,
  sku: string,
): Promise<ProductDocument | null> {
  const result = await productSearch(app, store, {
    filter: { sku, status: 1, visibility: { in: [1, 2, 3, 4] } },
    size: 1,
  });
  return result.items[0] ?? null;
}

/**
 * What `loadProduct` of the worker answers for a parent product (worker/catalog/product-loader.ts), by its rules: the
 * app's first render equals the server's, and the worker's answer, equal to it, renders nothing again.
 */
function productView(product: ProductDocument) {
  return {
    product: applyVariantRules(product as Product),
    selectedChild: null,
    configuration: {},
    associated: [],
    fromCache: false,
  };
}

/**
 * What a product page's hooks ask for, as the worker answers them: the product (`loadProduct`), its other colours
 * (`colorRelations`), so the colour choice is in the first paint and does not appear after hydration, and its
 * category path (the breadcrumbs; `trail` too, for the head's BreadcrumbList).
 */
export async function productPageAnswers(
  app: FastifyInstance,
  store: StoreCode,
  product: ProductDocument,
): Promise<{ prefetched: Record<string, unknown>; trail?: TrailEntry[] }> {
  const sku = String(product.sku);
  const categoryIds = (product.category_ids as number[] | undefined) ?? [];
  const answers: Record<string, unknown> = { [prefetchKey.product(sku)]: productView(product) };
  // The rating line in the first paint: the reviews' first page as the worker gives it (the review modal starts from
  // it too). Read beside the rest; without it the line keeps its height until the worker answers.
  const reviews = productReviews(app.db, sku, 0, REVIEWS_PAGE_DEFAULT).catch((error: unknown) => {
    app.log.warn({ err: error, sku }, 'server render without the reviews');
    return null;
  });
  // As the colours below: without its trail the page still renders, and the worker fills the breadcrumbs.
  const trail = await productCategoryTrail(app.db, categoryIds).catch((error: unknown) => {
    app.log.warn({ err: error, sku }, 'server render without the category path');
    return undefined;
  });
  if (trail) answers[prefetchKey.categoryTrail(trailIdsOf(categoryIds))] = trail;
  const skus = colorRelationSkus(product as Product).slice(0, 100);
  // none is an answer too: the worker's empty answer then changes nothing to render
  if (skus.length === 0) answers[prefetchKey.colors(sku)] = [];
  else {
    // The product is the page; its other colours are not worth losing it for: without them the worker adds them.
    const related = await productSearch(app, store, {
      ...colorRelationsBody(skus),
      includeFields: COLOR_RELATION_FIELDS,
    }).catch((error: unknown) => {
      app.log.warn({ err: error, sku }, 'server render without the other colours');
      return null;
    });
    if (related)
      answers[prefetchKey.colors(sku)] = sortColorRelations(related.items as Product[], COLOR_RELATIONS_LIMIT);
  }
  const firstReviews = await reviews;
  if (firstReviews) answers[prefetchKey.reviews(sku)] = reviewsView(firstReviews, false);
  return { prefetched: answers, trail };
}

async function oneCategory(app: FastifyInstance, filter: Record<string, unknown>): Promise<CategoryDocument | null> {
  const found = await searchCategories(app.db, { filter: filter as never, start: 0, size: 1 });
  return found.items[0] ?? null;
}

/**
 * A category's active children in menu order with what a menu entry shows (the tabs, the side menu and its
 * submenus, the home page's shortcuts), as the worker's `categories` live query answers them. Read directly: the
 * category search builds every category's subtree, ~3 ms of a page's render for a dozen links.
 */
export async function childCategories(app: FastifyInstance, parentId: number) {
  const { rows } = await app.db.query<{
    id: number;
    name: string;
    url_path: string;
    position: number;
    is_active: boolean;
    children_count: number;
  }>(
    `select c.id, c.name, c.url_path, c.position, c.is_active,
            (select count(*) from categories k where k.parent_id = c.id)::int as children_count
       from categories c where c.parent_id = $1 and c.is_active order by c.position, c.id`,
    [parentId],
  );
  return menuOrder(rows);
}

/** A category by url_path, or (the `/c/{slug}` route) by url_key, with its parents below the root for the breadcrumbs. */
export async function categoryData(app: FastifyInstance, urlPathOrKey: string) {
  const path = urlPathOrKey.replace(/^\/+|\/+$/g, '');
  const category = (await oneCategory(app, { url_path: path })) ?? (await oneCategory(app, { url_key: path }));
  if (!category) return null;
  const ids = parentIdsOf(category as { id: number; path?: string });
  const parents = (await Promise.all(ids.map((id) => oneCategory(app, { id })))).filter((c) => c !== null);
  return { category, parents };
}

/**
 * One page of a category's listing with the tiles' fields, as the worker's `categoryListing` answers it online (its
 * first stage): a rendered page carries its data, and whole documents made a category page's HTML ~400 KB.
 */
export async function categoryListing(app: FastifyInstance, store: StoreCode, categoryId: number, state: ListingState) {
  const body = categoryListingBody(
    { categoryId, filters: state.filters, sort: state.sort, page: state.page, size: PAGE_SIZE },
    PAGE_SIZE,
  );
  const result = await productSearch(app, store, { ...body, includeFields: LISTING_FIELDS });
  return { ...result, offline: false, cache: false, noresults: result.items.length === 0 };
}

/**
 * The search page's results (spec 001 §5) with the tiles' fields, the page the worker's `textSearch` answers; null
 * for a term too short.
 */
export async function textSearch(
  app: FastifyInstance,
  store: StoreCode,
  text: string,
  page: number,
  refine: TextSearchRefinement,
) {
  if (isValidSearchTerm(text) !== null) return null;
  const result = await productSearch(app, store, {
    ...textSearchBody(text, page, PAGE_SIZE, refine),
    includeFields: LISTING_FIELDS,
  });
  return { ...result, offline: false, cache: false, noresults: result.items.length === 0 };
}

/** A published CMS story as `GET /api/cms/story/{slug}` answers it (null when there is none). */
export function publishedStory(app: FastifyInstance, slug: string) {
  return storyBySlug(app.db, slug, 'published');
}
