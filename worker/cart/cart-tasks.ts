import type { CartItemBody } from '../../contract/cart.ts';
import type { CartItemDoc } from '../../schemas/index.ts';

/** Cart calls (spec 000 §7 "Cart"); `{{token}}`/`{{cartId}}` are filled in by the queue when the task is sent. */
export const CART_BASE = '/api/ext/shop/cart';
export const cartUrl = (action: string, extra = '') =>
  `${CART_BASE}/${action}?token={{token}}&cartId={{cartId}}${extra}`;

export const TASK_CART_UPDATE = 'cart-update';

export const TASK_CART_DELETE = 'cart-delete';
export const TASK_CART_SYNC = 'cart-sync';

/** Payload of a queued item update: only the line's id; quantity and server id are read when the task is sent. */
export interface CartUpdatePayload {
  local_id: string;
  /** Queued by the sync engine itself (merge push), not by the shopper: no notification. */
  fromSync?: boolean;
}

export interface CartDeletePayload {
  cartItem: { sku: string; item_id: number | string };
}

export interface CartSyncPayload {
  forceClientState: boolean;
}

/** What `update` sends (contract/cart.ts): no item_id adds a line; with item_id it sets the quantity. */
export function cartItemBody(item: CartItemDoc, cartId: string): CartItemBody {
  const body: CartItemBody = { sku: item.sku, qty: item.qty, quoteId: cartId };
  // The server answers integer item ids; the device schema still admits strings (schemas/cart-items.ts).
  if (item.item_id !== null && item.item_id !== undefined) body.item_id = item.item_id as number;
  if (item.product_option) body.product_option = item.product_option;
  return body;
}
