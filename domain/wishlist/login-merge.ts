/** Spec 001 §9 "Wishlist qty 1": every wishlist item has quantity 1. */
export const WISHLIST_QTY = 1;

/** A device item as the login merge sees it: its key, the product it holds and its server item, if it has one. */
export interface DeviceWishlistItem {
  key: string;
  productId: number | null;
  itemId: number | null;
}

/** A server item as the login merge sees it (spec 001 §7 "GET wishlist items"). */
export interface AccountWishlistItem {
  item_id: number;
  product_id: number;
  sku: string;
}

export interface WishlistLoginPlan {
  /** Server items the device does not hold: resolved to their product or variant and stored on the device. */
  fromServer: AccountWishlistItem[];
  /** Device items the server already holds: they take the server's item id (no second add). */
  link: { key: string; itemId: number }[];
  /** Device items missing on the server: sent up with `POST wishlist add`. */
  push: string[];
}

/**
 * Spec 001 §4 "on login the wishlist reloads from the server. If the server list is empty, local items are pushed up.
 * Otherwise server items are resolved to products or variants and local items missing on the server are added."
 * Items are the same when they hold the same product. A device item without a product id cannot be sent; it stays on
 * the device.
 */
export function wishlistLoginPlan(
  device: readonly DeviceWishlistItem[],
  server: readonly AccountWishlistItem[],
): WishlistLoginPlan {
  const onServer = new Map(server.map((item) => [item.product_id, item]));
  const onDevice = new Set(device.map((item) => item.productId).filter((id): id is number => id !== null));
  const link: WishlistLoginPlan['link'] = [];
  const push: string[] = [];
  for (const item of device) {
    if (item.productId === null) continue;
    const match = onServer.get(item.productId);
    if (match) {
      if (match.item_id !== item.itemId) link.push({ key: item.key, itemId: match.item_id });
    } else push.push(item.key);
  }
  return { fromServer: server.filter((item) => !onDevice.has(item.product_id)), link, push };
}
