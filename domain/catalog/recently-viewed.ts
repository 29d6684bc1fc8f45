import type { Product } from '../../contract/catalog.ts';
import { PRODUCT_TILE_FIELDS } from './product-tile-fields.ts';

/**
 * Spec 000 §9 names the storage key `recently-viewed` but no length: the shop keeps the last 10 products viewed, one
 * row of tiles on a phone's two-column width scrolled sideways (docs/offline-and-storage.md "Storage keys").
 */
export const RECENTLY_VIEWED_MAX = 10;

/** The tile's copy of a product (a parent: a child's page records its parent). */
export function recentTile(product: Product): Product {
  const tile: Record<string, unknown> = {};
  for (const field of PRODUCT_TILE_FIELDS) if (product[field] !== undefined) tile[field] = product[field];
  return tile as Product;
}

/** The products viewed, most recent first: `viewed` goes to the front, once, and the oldest beyond the bound go. */
export function pushRecentlyViewed(list: readonly Product[], viewed: Product): Product[] {
  return [viewed, ...list.filter((p) => p.sku !== viewed.sku)].slice(0, RECENTLY_VIEWED_MAX);
}

/** A stored value read back: only entries that are tiles (a sku and a name), whatever an older version wrote. */
export function recentlyViewedOf(value: unknown): Product[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is Product =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as Product).sku === 'string' &&
      typeof (p as Product).name === 'string',
  );
}
