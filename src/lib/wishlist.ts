import type {
  ConfigurableChild,
  Product,
  WishlistAddInput,
  WishlistItemView,
  WishlistState,
} from '../../worker/api-types.ts';
import { cartLineDisplay } from '../../domain/cart/line-display.ts';
import { sharedLiveQuery, type SharedLiveQuery } from './shared-live-query.ts';

/**
 * The wishlist live query (all tabs, spec 001 §4), shared: a listing shows a heart on every tile, and they all read
 * one subscription. `undefined` until the worker answered.
 */
export const useWishlist: SharedLiveQuery<WishlistState> = sharedLiveQuery({ name: 'wishlist' });

/** The items on the list for a product: the product itself or one of its variants (matched on parentSku, spec 001 §3). */
export function itemsOfProduct(items: readonly WishlistItemView[], sku: string): WishlistItemView[] {
  return items.filter((item) => item.sku === sku || item.parentSku === sku);
}

/** What the heart adds: the chosen variant when there is one, else the product, with what the list shows offline. */
export function wishlistInput(product: Product, child?: ConfigurableChild | null): WishlistAddInput {
  const display = cartLineDisplay(product, { sku: child?.sku });
  return child
    ? { sku: child.sku, productId: child.id, parentSku: product.sku, parentId: product.id, product: display }
    : { sku: product.sku, productId: product.id, product: display };
}
