/**
 * Texts the cart API answers with. The shopper sees them (the client shows a server message as an error notification,
 * spec 000 §8), so they are Dutch; the spec's English wording is kept next to each one.
 */
export const CART_MESSAGES = {
  /** Spec 000 §8: this exact text triggers the client's add-to-cart-failed event. Do not translate or rephrase. */
  qtyUnavailable: 'De gevraagde hoeveelheid is niet beschikbaar',
  /** Spec 001 §8: 'Only {maxQuantity} products of this type are available.' */
  onlyMaxQuantity: (maxQuantity: number) => `Er zijn maar ${maxQuantity} stuks van dit product beschikbaar.`,
  /** Spec 001 §8 'No such configuration for the product.' — a configurable parent sku without a chosen variant. */
  chooseVariant: 'Kies eerst een maat of kleur: dit product bestaat in meerdere uitvoeringen.',
  /** A grouped product is a set of simple products; the client adds its associated items (spec 000 §5). */
  groupedNotSellable: 'Voeg de artikelen van deze set afzonderlijk toe aan je winkelwagen.',
  noSuchConfiguration: 'Deze combinatie bestaat niet voor dit product. Kies een andere combinatie.',
  productNotFound: (sku: string) => `Product ${sku} bestaat niet`,
  productDisabled: (sku: string) => `Product ${sku} is niet meer verkrijgbaar`,
  cartNotFound: 'Winkelwagen niet gevonden',
  itemNotFound: 'Dit artikel staat niet in je winkelwagen',
  /** Spec 001 §8 'Not a valid coupon code'. */
  couponInvalid: 'Deze couponcode is niet geldig',
  /** Spec 001 §8 'items in your cart do not match the coupons requirements'. */
  couponRequirements: 'De artikelen in je winkelwagen voldoen niet aan de voorwaarden van deze coupon',
  /** Spec 001 §8 'not authorized' — a personal coupon of another customer or one needing a login. */
  couponNotAuthorized: 'Deze coupon is niet aan jouw account gekoppeld',
  /** Spec 001 §5: only one coupon may be active; remove the current one before adding another. */
  couponAlreadyActive: 'Er is al een coupon actief. Verwijder die eerst voordat je een andere toevoegt.',
  couponListTooLong: 'Er kan maar één coupon tegelijk actief zijn',
  shippingMethodUnknown: 'Deze verzendmethode bestaat niet of is niet beschikbaar voor dit land',
} as const;
