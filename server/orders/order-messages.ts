/** Shopper-facing texts of order placement and payment (Dutch; the spec's English next to them). */
export const ORDER_MESSAGES = {
  /** Spec 001 §8 'Some of the ordered products are not available.' */
  productsUnavailable: 'Sommige bestelde producten zijn niet (meer) beschikbaar',
  /** Spec 001 §8 'The prices in the cart have changed.': an order re-priced on arrival differs from the summary. */
  pricesChanged: 'De prijzen in je winkelwagen zijn gewijzigd.',
  emailRequired: 'body.email is required for a guest order (a valid e-mail address)',
  paymentMethodUnknown: 'Deze betaalmethode is niet beschikbaar voor dit land',
  /** Spec 001 §8 'Order not found.' */
  orderNotFound: 'Bestelling niet gevonden',
  /** A second order for a cart an earlier order already closed. */
  cartAlreadyOrdered: 'Deze winkelwagen is al besteld',
  /** The cart's coupons changed under three attempts to place the order in a row. */
  cartChangedMeanwhile: 'Je winkelwagen is tijdens het bestellen gewijzigd. Probeer het opnieuw.',
  /** An order_id already used by another customer or guest cart: nothing of that order is told. */
  orderIdTaken: 'Deze bestelling hoort bij een andere klant',
} as const;

/** An order to a country no active shipping method delivers to (the checkout's saved-address choice says the same). */
export const noDeliveryTo = (country: string) => `We bezorgen niet in ${country}`;

/** Order states as spec 001 §4's order texts name them (the seed's order history uses the same words). */
export const ORDER_STATUS = {
  pending: 'Pending',
  processing: 'Processing',
  cancelled: 'Cancelled',
} as const;

/** Option titles on stored order lines, as the account pages show them (the seed's history uses these). */
export const ORDER_OPTION_TITLES: Record<string, string> = { Size: 'Maat', Color: 'Kleur' };
