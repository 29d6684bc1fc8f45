import { Type, type Static } from 'typebox';

/**
 * Wishlist wire shapes (spec 001 §7 "GET wishlist items | fields product_id, item_id, option (attribute_id, value)",
 * "POST wishlist add | productId", "POST wishlist delete | itemId"), under the user path with the customer token.
 */

/** One chosen configurable option of a wishlisted variant (colour, size); empty for a parent or simple product. */
export const WishlistOption = Type.Object({
  attribute_id: Type.Integer(),
  value: Type.String(),
});
export type WishlistOption = Static<typeof WishlistOption>;

/**
 * A server wishlist item. `sku` is an addition to the spec's fields: with it the device resolves the item to a
 * product or variant (spec 001 §4 "server items are resolved to products or variants") by the catalogue's sku key.
 */
export const WishlistItem = Type.Object({
  item_id: Type.Integer(),
  product_id: Type.Integer(),
  sku: Type.String(),
  /** Spec 001 §9 "Wishlist qty 1". */
  qty: Type.Literal(1),
  option: Type.Array(WishlistOption),
});
export type WishlistItem = Static<typeof WishlistItem>;

export const WishlistAddBody = Type.Object({ productId: Type.Integer({ minimum: 1 }) });
export type WishlistAddBody = Static<typeof WishlistAddBody>;

export const WishlistDeleteBody = Type.Object({ itemId: Type.Integer({ minimum: 1 }) });
export type WishlistDeleteBody = Static<typeof WishlistDeleteBody>;
