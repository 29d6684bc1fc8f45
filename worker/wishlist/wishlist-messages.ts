/** Texts of the wishlist area: the spec's English wording as `messageKey` (spec 001 §8); the app shows them in Dutch. */
export const WISHLIST_TEXT = {
  failed: 'Could not add or remove a product on the wishlist.',
  /** The wishlist-add notification (spec 001 §3 "wishlist object with action add"); the spec gives no wording. */
  added: 'Product has been added to your wishlist',
  invalid: 'This product cannot be added to the wishlist.',
} as const;
