import type { Cents } from '../money.ts';

/**
 * The one totals rule of the shop (docs/checkout-and-orders.md "Totals"): which segments every screen shows for a cart
 * or an order, and what shipping costs before a method is chosen. The server prices with it (so the amount shown is
 * the amount charged) and the cart page, mini cart, checkout summary and payment page draw its segments.
 */

/** A shipping method's price and free-from threshold, in cents. */
export interface ShippingOffer {
  priceCents: Cents;
  freeFromCents: Cents | null;
}

/** Free once the goods (after discount) reach the threshold; store pickup is seeded at 0 and so always free. */
export function shippingPriceCents(offer: ShippingOffer, goodsInclCents: Cents): Cents {
  if (offer.freeFromCents !== null && goodsInclCents >= offer.freeFromCents) return 0;
  return offer.priceCents;
}

/**
 * What shipping costs before a method is chosen: the cheapest method delivering to the country for these goods
 * (store pickup is no delivery, so callers pass delivering methods only); null when none delivers there.
 */
export function cheapestShippingCents(offers: readonly ShippingOffer[], goodsInclCents: Cents): Cents | null {
  if (!offers.length) return null;
  return Math.min(...offers.map((o) => shippingPriceCents(o, goodsInclCents)));
}

/** How the shipping segment reads: "Gratis" only when it is free, "vanaf € 4,95" while no method is chosen. */
export type ShippingSegment =
  | { kind: 'free' }
  | { kind: 'from'; cents: Cents }
  | { kind: 'chosen'; cents: Cents }
  /** No method known yet and nothing to estimate with (a cart never seen by the server). */
  | { kind: 'unknown' };

export function shippingSegment(cents: Cents | null, estimated: boolean): ShippingSegment {
  if (cents === null) return { kind: 'unknown' };
  if (cents === 0) return { kind: 'free' };
  return estimated ? { kind: 'from', cents } : { kind: 'chosen', cents };
}

/** The segments every screen shows, in this order. */
export interface TotalsSegments {
  subtotal: Cents;
  /** One per coupon or discount code, the amount taken off (positive). */
  discounts: { code: string | null; cents: Cents }[];
  shipping: ShippingSegment;
  /** Subtotal − discounts + shipping (+ a payment fee where the method has one). */
  total: Cents;
  /** The VAT included in the total; null when not known (the device's own sum before the server answered). */
  vat: Cents | null;
  paymentFee: Cents;
  /** The cart's gift card (masked number) and what it pays of the total; null without one. */
  giftCard: { number: string; cents: Cents } | null;
  /** What the payment is for: the total less what the gift card pays (docs/checkout-and-orders.md "Gift cards"). */
  toPay: Cents;
  /** Not (yet) the server's figures for this cart: offline, or changed since the server priced it. */
  provisional: boolean;
}

/** What a gift card pays of a total: its balance, at most the total (the server redeems the same). */
export function giftCardShare(balanceCents: Cents, totalCents: Cents): Cents {
  return Math.max(0, Math.min(balanceCents, totalCents));
}

/** The total from the other segments: what the order is charged. */
export function segmentsTotal(
  subtotal: Cents,
  discounts: readonly { cents: Cents }[],
  shipping: ShippingSegment,
  paymentFee = 0,
): Cents {
  const off = discounts.reduce((sum, d) => sum + d.cents, 0);
  return subtotal - off + shippingCentsOf(shipping) + paymentFee;
}

/** What the shopper agrees to when placing an order: the total, shipping and discount the summary shows. */
export function agreedAmounts(t: TotalsSegments): { grandTotal: Cents; shipping: Cents; discount: Cents } {
  return {
    grandTotal: t.total,
    shipping: shippingCentsOf(t.shipping),
    discount: t.discounts.reduce((s, d) => s + d.cents, 0),
  };
}

/** The shipping segment's amount (0 when free or not known). */
export function shippingCentsOf(segment: ShippingSegment): Cents {
  return segment.kind === 'from' || segment.kind === 'chosen' ? segment.cents : 0;
}
