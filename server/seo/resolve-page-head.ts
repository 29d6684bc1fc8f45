import type { Queryable } from '../db/index.ts';
import { imageUrl } from '../../domain/catalog/image-url.ts';
import { productPrices } from '../../domain/catalog/product-prices.ts';
import { toCents } from '../../domain/money.ts';
import { NOT_FOUND_TEXTS_NL } from '../../domain/seo/not-found.ts';
import {
  categoryHead,
  contentHead,
  homeHead,
  missingHead,
  privateHead,
  productHead,
  storeHead,
  type PageContext,
  type PageHead,
} from '../../domain/seo/page-head.ts';
import { renderHead } from '../../domain/seo/render-head.ts';
import type { SeoStore } from '../../domain/seo/site.ts';
import { catalogCache } from '../catalog/catalog-cache.ts';
import { productCategoryTrail } from '../catalog/category-trail.ts';
import type { TrailEntry } from '../../domain/catalog/category-trail.ts';
import type { ProductDocument } from '../catalog/product-document.ts';
import { loadProducts } from '../catalog/product-loader.ts';
import { priceContext } from '../catalog/store-context.ts';
import { normaliseUrlPath } from '../catalog/url-map-route.ts';
import { storyBySlug } from '../content/stories.ts';
import { resolvePath, type PathTarget, type StoreLocationRow } from './resolve-path.ts';

/** The width of the product image in link previews and structured data (the product page's gallery width). */
const SHARE_IMAGE_WIDTH = 600;

/**
 * How a page may be cached: catalogue pages are the same for everyone (a CDN keeps them briefly), private pages are
 * per shopper and never stored, a missing page is remembered briefly so a crawler's burst costs no lookups.
 */
export type PageCaching = 'catalogue' | 'private' | 'missing';

export interface ResolvedPage {
  /**
   * 200; 301 for a configurable child's URL (to its parent, spec 000 §2); 404 for a path the dispatcher cannot
   * resolve; 410 for a product the catalogue has disabled.
   */
  status: 200 | 301 | 404 | 410;
  /** Where a 301 points (path and query). */
  location?: string;
  store: SeoStore;
  /** The tags for `<head>` (title, description, canonical, hreflang, Open Graph, JSON-LD) as HTML. */
  head: string;
  /** The same as data, for a renderer that builds its own head (TanStack Router's `head()` on the SSR branch). */
  page: PageHead;
  caching: PageCaching;
}

export interface ResolveOptions {
  /** 'https://shop.example': canonical and alternate URLs are absolute. */
  origin: string;
  now: Date;
  /** The visit's store view (server/seo/html-page.ts: the host's, else the remembered choice); default nl. */
  store?: SeoStore;
  /** What the path is (resolve-path.ts), when the caller resolved it already for the page's data. */
  target?: PathTarget | null;
  /** The product page's product as its data read it (server/pages/), so the head needs no second read. */
  product?: ProductDocument;
  /** That product's breadcrumbs as its page shows them (server/catalog/category-trail.ts). */
  trail?: readonly TrailEntry[];
}

type Found = { page: PageHead; status?: 410 } | { redirect: string } | null;

/**
 * The head and status of the page at `url` (path and query as requested), resolved as the worker's URL dispatcher
 * resolves it (spec 000 §2, resolve-path.ts): the app's own routes, then url_rewrites, then the four-step fallback.
 */
export async function resolvePageHead(db: Queryable, url: string, options: ResolveOptions): Promise<ResolvedPage> {
  const store = options.store ?? 'nl';
  const path = normaliseUrlPath(url);
  const ctx: PageContext = { origin: options.origin, store, urlPath: path };
  const result = (page: PageHead, status: ResolvedPage['status'], caching: PageCaching): ResolvedPage => ({
    status,
    store,
    head: renderHead(page),
    page,
    caching,
  });

  const target = options.target !== undefined ? options.target : await resolvePath(db, store, url);
  if (target?.kind === 'private') return result(privateHead(), 200, 'private');
  const found = await findPage(db, ctx, options.now, target, options.product, options.trail);
  if (!found) return result(missingHead(NOT_FOUND_TEXTS_NL['Page not found']), 404, 'missing');
  if ('redirect' in found) return { ...result(privateHead(), 301, 'catalogue'), location: found.redirect };
  if (found.status === 410) return result(found.page, 410, 'missing');
  return result(found.page, 200, 'catalogue');
}

async function findPage(
  db: Queryable,
  ctx: PageContext,
  now: Date,
  target: PathTarget | null,
  product: ProductDocument | undefined,
  trail: readonly TrailEntry[] | undefined,
): Promise<Found> {
  switch (target?.kind) {
    case undefined:
      return null;
    case 'home':
      return { page: await home(db, ctx) };
    case 'private':
    case 'page':
      return { page: privateHead() };
    case 'store-locator':
      return { page: contentHead(ctx, { title: 'Winkels', description: 'Alle OFM winkels in Nederland en België.' }) };
    case 'product':
      return productPage(db, ctx, target.id, now, target.byRoute, product, trail);
    case 'category':
      return categoryPage(db, ctx, target.id, target.byRoute);
    case 'story': {
      const seo = (target.story.content as { seo?: { title?: string; description?: string } }).seo;
      return { page: contentHead(ctx, { title: seo?.title || target.story.name, description: seo?.description }) };
    }
    case 'landing':
      return { page: contentHead(ctx, { title: target.heading }) };
    case 'store':
      return storePage(ctx, target.location);
  }
}

async function home(db: Queryable, ctx: PageContext): Promise<PageHead> {
  const story = await storyBySlug(db, ctx.store === 'nl' ? 'home' : `${ctx.store}/home`, 'published');
  const seo = (story?.content as { seo?: { title?: string; description?: string } } | undefined)?.seo;
  return homeHead(ctx, seo);
}

/** The categories above a category (its `path` '1/2/21/34'), top first, without the root levels the shop hides. */
async function categoryTrail(db: Queryable, ids: number[]): Promise<Array<{ name: string; urlPath: string }>> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number; name: string; url_path: string }>(
    'select id, name, url_path from categories where id = any($1::int[]) and level >= 2 and is_active',
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const c = byId.get(id);
    return c ? [{ name: c.name, urlPath: c.url_path }] : [];
  });
}

async function productPage(
  db: Queryable,
  ctx: PageContext,
  id: number,
  now: Date,
  byRoute: boolean,
  read: ProductDocument | undefined,
  readTrail: readonly TrailEntry[] | undefined,
): Promise<Found> {
  const wasRead = read !== undefined && read.id === id;
  const doc = wasRead ? read : await loadProduct(db, ctx, id, now);
  if (!doc) return null;
  const urlPath = String(doc.url_path ?? ctx.urlPath);
  const page: PageContext = byRoute ? { ...ctx, urlPath } : ctx;
  // Spec 000 §4: a product of status 2 or higher does not load; the catalogue keeps it, so the page is gone.
  if (Number(doc.status) >= 2) return { page: missingHead(NOT_FOUND_TEXTS_NL['Page not found']), status: 410 };
  if (typeof doc.parentId === 'number') {
    // Spec 000 §2: a configurable child's URL redirects to its parent, the child in the query (as on the NL paths,
    // server/catalog/child-redirect.ts; the same path in either store view).
    const parent = await db.query<{ url_path: string }>('select url_path from products where id = $1', [doc.parentId]);
    if (!parent.rows[0]) return null;
    return { redirect: `/${parent.rows[0].url_path}?childSku=${encodeURIComponent(String(doc.sku))}` };
  }

  const { price, special } = productPrices(doc);
  const images = [
    doc.image,
    ...((doc.media_gallery as Array<{ image?: string }> | undefined) ?? []).map((m) => m.image),
  ]
    .filter((image): image is string => typeof image === 'string' && image !== '')
    .filter((image, i, all) => all.indexOf(image) === i)
    .map((image) => `${ctx.origin}${imageUrl(image, SHARE_IMAGE_WIDTH)}`);
  const categoryIds = (doc.category_ids as number[] | undefined) ?? [];
  return {
    page: productHead(page, {
      name: String(doc.name),
      sku: String(doc.sku),
      metaTitle: doc.meta_title as string | undefined,
      metaDescription: doc.meta_description as string | undefined,
      description: doc.description as string | undefined,
      brand: doc.brand as string | undefined,
      images,
      priceCents: toCents(special ?? price ?? 0),
      currency: 'EUR',
      inStock: Boolean((doc.stock as { is_in_stock?: boolean } | undefined)?.is_in_stock),
      categories: ((wasRead ? readTrail : undefined) ?? (await productCategoryTrail(db, categoryIds))).map((c) => ({
        name: c.name,
        urlPath: c.url_path,
      })),
    }),
  };
}

async function loadProduct(db: Queryable, ctx: PageContext, id: number, now: Date) {
  const cache = await catalogCache(db);
  const [doc] = await loadProducts(db, { ids: [id] }, priceContext(ctx.store, now, cache), cache, {
    excludeFields: ['configurable_children', 'product_links'],
  });
  return doc;
}

async function categoryPage(db: Queryable, ctx: PageContext, id: number, byRoute: boolean): Promise<Found> {
  const { rows } = await db.query<{
    name: string;
    url_path: string;
    path: string;
    is_active: boolean;
    description: string | null;
    meta_title: string | null;
    meta_description: string | null;
  }>(
    'select name, url_path, path, is_active, description, meta_title, meta_description from categories where id = $1',
    [id],
  );
  const c = rows[0];
  if (!c || !c.is_active) return null;
  const ids = c.path.split('/').filter(Boolean).map(Number).slice(0, -1);
  return {
    page: categoryHead(byRoute ? { ...ctx, urlPath: c.url_path } : ctx, {
      name: c.name,
      metaTitle: c.meta_title,
      metaDescription: c.meta_description,
      description: c.description,
      parents: await categoryTrail(db, ids),
    }),
  };
}

function storePage(ctx: PageContext, s: StoreLocationRow): Found {
  return {
    page: storeHead(ctx, {
      name: s.name,
      street: s.street,
      houseNumber: s.house_number,
      postcode: s.postcode,
      city: s.city,
      countryId: s.country_id,
      phone: s.phone,
      email: s.email,
      lat: Number(s.lat),
      lng: Number(s.lng),
      openingHours: s.opening_hours,
    }),
  };
}
