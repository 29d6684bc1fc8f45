/**
 * Wishlist area contract (spec 001 §3 "Wishlist item", §4 wishlist rules). Commands write the device's list first and
 * return; the `wishlist` live query shows every change (this tab, another tab, the server's list after a login).
 */
import type { CartLineDisplay } from '../../domain/cart/line-display.ts';
import type { Cents } from '../../domain/money.ts';
import type { CommandResult } from '../user/api-types.ts';

/** One wishlist item as the app renders it; built once in the worker (worker/wishlist/wishlist-view.ts). */
export interface WishlistItemView {
  /** The device key: the sku of the product or variant on the list. */
  key: string;
  sku: string;
  /** A configurable child's parent (the tile and product page heart match on it, spec 001 §3 "matched on parentSku"). */
  parentSku: string | null;
  /** What the item shows (name, image, url_path, prices in euros); `null` until a server item is resolved. */
  display: CartLineDisplay | null;
  /** The chosen variant as text, "Navy · M"; empty for a product without a chosen variant. */
  variant: string;
  priceCents: Cents | null;
  /** The regular price when a special price applies, for the struck-through price. */
  originalPriceCents: Cents | null;
}

export interface WishlistState {
  items: WishlistItemView[];
  count: number;
}

/** What the heart adds: the product (or chosen variant) and what it shows, so the list renders offline. */
export interface WishlistAddInput {
  sku: string;
  /** The catalogue's product id (the server's `productId`). */
  productId: number;
  parentSku?: string;
  parentId?: number;
  /** From domain/cart/line-display.ts `cartLineDisplay`, like a cart line. */
  product: CartLineDisplay;
}

export interface WishlistApi {
  /** Spec 001 §4: local at once; for a member then `POST wishlist add` (rolled back on a refusal). */
  addToWishlist(input: WishlistAddInput): Promise<CommandResult>;
  /** Local at once; for a member then `POST wishlist delete` (a failure is told, the item is not restored). */
  removeFromWishlist(key: string): Promise<CommandResult>;
  /** Another variant of an item on the list: deletes the old item, then adds the new one. */
  replaceWishlistItem(oldKey: string, next: WishlistAddInput): Promise<CommandResult>;
}

export interface WishlistLiveQueries {
  wishlist: { params: object; value: WishlistState };
}
