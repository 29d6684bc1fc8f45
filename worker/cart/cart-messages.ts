/**
 * Texts of the cart area. Notification texts are the spec's English wording (spec 000 §8), used as `messageKey`; the
 * app shows them from its Dutch catalogue. Log lines stay English.
 */
export const CART_TEXT = {
  productAdded: 'Product has been added to the cart!',
  qtyUpdated: 'Product quantity has been updated!',
  proceedToCheckout: 'Proceed to checkout',
  stockVolatile:
    'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.',
  outOfStock: 'The product is out of stock and cannot be added to the cart!',
  inStock: 'In stock!',
  outOfTheStock: 'Out of the stock!',
  /** A change to the line refused as made by a version of the shop too old (docs/api.md "Payload versions"). */
  payloadTooOld:
    'This line was changed with an older version of the shop and could not be sent. Please change it again.',
  couponOffline: 'You are offline. Please try again when you are online.',
  /** The shop's own: a gift card call failed without a reason from the server. */
  giftCardFailed: 'The gift card could not be checked. Please try again.',
  /** The guest's coupon refused by the account cart after login; `reason` is the server's text. */
  couponDroppedAtLogin: 'Your coupon {code} no longer applies after logging in: {reason}',
} as const;

export const CART_LOG = {
  taxDefaultCountry: 'Please do set the tax.defaultCountry in order to calculate totals',
  syncFailed: 'Cart sync failed',
} as const;

/** Texts the cart server answers with that the sync engine reacts to (server/pricing/messages.ts). */
export const SERVER_TEXT = {
  /** Spec 000 §8: triggers the add-to-cart-failed event. */
  qtyUnavailable: 'De gevraagde hoeveelheid is niet beschikbaar',
  /** A 404 with this text is the cart gone; a coupon's refusals are 404s too, with their own texts. */
  cartNotFound: 'Winkelwagen niet gevonden',
} as const;
