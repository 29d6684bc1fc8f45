import type { Queryable } from '../db/index.ts';
import type { SeoStore } from '../../domain/seo/site.ts';
import { lastSegment } from '../../domain/url-path.ts';
import { storeCodeOfPath } from '../../domain/store-view.ts';
import { findTarget, normaliseUrlPath } from '../catalog/url-map-route.ts';
import { publishedStoryById, storyBySlug, type StoryDocument } from '../content/stories.ts';
import { appRouteOf, isPrivatePath } from './app-paths.ts';

/** A store of the store locator as its page and its structured data need it. */
export interface StoreLocationRow {
  name: string;
  street: string;
  house_number: string;
  postcode: string;
  city: string;
  country_id: string;
  phone: string | null;
  email: string | null;
  lat: number;
  lng: number;
  opening_hours: Array<{ day: string; open: string | null; close: string | null }>;
}

/**
 * What a path is, resolved once per request for both the head and status (resolve-page-head.ts) and the data the
 * page renders with (server/pages/resolve-page.ts). `byRoute`: the path is the app's own route for the entity
 * (/p/…, /c/…), so the entity's url_path is the canonical one.
 */
export type PathTarget =
  | { kind: 'private' }
  | { kind: 'home' }
  | { kind: 'page' }
  | { kind: 'store-locator' }
  | { kind: 'product'; id: number; sku: string; childOf: number | null; byRoute: boolean }
  | { kind: 'category'; id: number; byRoute: boolean }
  /** A content story: by the url map's cms_page row (`story` as its id names it) or the fallback's full slug. */
  | { kind: 'story'; story: StoryDocument; byMap: boolean }
  /** A search-provider landing page (the fallback's step 2). */
  | { kind: 'landing'; urlPath: string; heading: string }
  | { kind: 'store'; slug: string; location: StoreLocationRow };

/**
 * Resolves a path (url_path form or a URL's path and query) as the worker's URL dispatcher does (spec 000 §2): the
 * app's own routes (app-paths.ts), then url_rewrites (server/catalog/url-map-route.ts), then the four-step fallback:
 * a product by its last segment's url key, a search landing page, a store `/winkels/{slug}`, a content story (for
 * the BE store its `be/` slug first, spec 001 §2 "Content pages"). Null: nothing; the page is not found.
 */
export async function resolvePath(db: Queryable, store: SeoStore, url: string): Promise<PathTarget | null> {
  const path = normaliseUrlPath(url);
  if (isPrivatePath(path)) return { kind: 'private' };
  const route = appRouteOf(path);
  if (route) {
    switch (route.kind) {
      case 'home':
      case 'page':
      case 'store-locator':
        return { kind: route.kind };
      case 'product': {
        const product = await parentProductBy(db, 'sku', route.sku);
        return product && { kind: 'product', ...product, byRoute: true };
      }
      case 'category': {
        const { rows } = await db.query<{ id: number }>(
          'select id from categories where url_path = $1 or slug = $1 order by level limit 1',
          [route.slug],
        );
        return rows[0] ? { kind: 'category', id: rows[0].id, byRoute: true } : null;
      }
      case 'store':
        return storeTarget(db, route.slug);
    }
  }

  // A path naming a store code is no page of either store (domain/store-view.ts storeCodeOfPath).
  if (storeCodeOfPath(path)) return null;
  const target = path ? await findTarget(db, store, path) : null;
  if (target?.entity_type === 'product') {
    if (target.sku === null) return null;
    return { kind: 'product', id: target.entity_id, sku: target.sku, childOf: target.parent_id, byRoute: false };
  }
  if (target?.entity_type === 'category') return { kind: 'category', id: target.entity_id, byRoute: false };
  if (target?.entity_type === 'cms_page') {
    const story = await publishedStoryById(db, target.entity_id);
    if (story) return { kind: 'story', story, byMap: true };
  }

  // The fallback (spec 000 §2), in its order.
  const byKey = await parentProductBy(db, 'url_key', lastSegment(path));
  if (byKey) return { kind: 'product', ...byKey, byRoute: true };
  if (path) {
    const landing = await db.query<{ page_heading: string }>(
      'select page_heading from landing_pages where url_path = $1 and published',
      [path],
    );
    if (landing.rows[0]) return { kind: 'landing', urlPath: path, heading: landing.rows[0].page_heading };
  }
  const storePath = /^winkels\/([^/]+)$/.exec(path);
  if (storePath) {
    const found = await storeTarget(db, storePath[1]);
    if (found) return found;
  }
  const plain = path || 'home';
  for (const slug of store === 'nl' ? [plain] : [`${store}/${plain}`, plain]) {
    const story = await storyBySlug(db, slug, 'published');
    if (story) return { kind: 'story', story, byMap: false };
  }
  return null;
}

async function parentProductBy(db: Queryable, column: 'sku' | 'url_key', value: string) {
  if (!value) return null;
  const { rows } = await db.query<{ id: number; sku: string }>(
    `select id, sku from products where ${column} = $1 and parent_id is null order by status limit 1`,
    [value],
  );
  return rows[0] ? { id: rows[0].id, sku: rows[0].sku, childOf: null } : null;
}

async function storeTarget(db: Queryable, slug: string): Promise<PathTarget | null> {
  const { rows } = await db.query<StoreLocationRow>(
    `select name, street, house_number, postcode, city, country_id, phone, email, lat, lng, opening_hours
       from store_locations where slug = $1`,
    [slug],
  );
  return rows[0] ? { kind: 'store', slug, location: rows[0] } : null;
}
