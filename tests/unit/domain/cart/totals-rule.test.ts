import { describe, expect, test } from 'vitest';
import {
  cheapestShippingCents,
  segmentsTotal,
  shippingPriceCents,
  giftCardShare,
  shippingSegment,
} from '../../../../domain/cart/totals-rule.ts';
import { cartTotalsView } from '../../../../worker/cart/cart-view.ts';
import type { CartLineView } from '../../../../worker/api-types.ts';

const HOME = { priceCents: 495, freeFromCents: 5000 };
const BOX = { priceCents: 395, freeFromCents: 5000 };

describe('the one totals rule (docs/checkout-and-orders.md "Totals")', () => {
  test('a method is free from its threshold of goods after discount, never below it', () => {
    expect(shippingPriceCents(HOME, 4999)).toBe(495);
    expect(shippingPriceCents(HOME, 5000)).toBe(0);
    expect(shippingPriceCents({ priceCents: 0, freeFromCents: null }, 10)).toBe(0);
  });

  test('before a method is chosen shipping is the cheapest offered, and nothing when none delivers', () => {
    expect(cheapestShippingCents([HOME, BOX], 3995)).toBe(395);
    expect(cheapestShippingCents([HOME], 3995)).toBe(495);
    expect(cheapestShippingCents([HOME], 6000)).toBe(0);
    expect(cheapestShippingCents([], 3995)).toBeNull();
  });

  test('"Gratis" only when free; an estimate reads "vanaf"; the total adds shipping and takes off every coupon', () => {
    expect(shippingSegment(0, true)).toEqual({ kind: 'free' });
    expect(shippingSegment(495, true)).toEqual({ kind: 'from', cents: 495 });
    expect(shippingSegment(495, false)).toEqual({ kind: 'chosen', cents: 495 });
    expect(shippingSegment(null, false)).toEqual({ kind: 'unknown' });
    expect(segmentsTotal(3995, [], { kind: 'from', cents: 495 })).toBe(4490);
    expect(segmentsTotal(32195, [{ cents: 1000 }, { cents: 500 }], { kind: 'free' })).toBe(30695);
  });
});

const line = (qty: number, unitCents: number): CartLineView =>
  ({ local_id: `l${qty}${unitCents}`, sku: 'S', qty, unitCents, rowTotalCents: qty * unitCents }) as CartLineView;

const server = {
  subtotal_incl_tax: 39.95,
  shipping_incl_tax: 4.95,
  discount_amount: 0,
  tax_amount: 7.79,
  grand_total: 44.9,
  payment_fee_incl_tax: 0,
  items_qty: 1,
  coupon_code: null,
  extension_attributes: { discount_codes: [], discounts: [], shipping_estimated: true },
};

describe('the cart view of the totals', () => {
  test("the server's segments while they are for these lines", () => {
    expect(cartTotalsView([line(1, 3995)], server)).toEqual({
      subtotal: 3995,
      discounts: [],
      shipping: { kind: 'from', cents: 495 },
      paymentFee: 0,
      total: 4490,
      giftCard: null,
      toPay: 4490,
      vat: 779,
      provisional: false,
      fromServer: true,
    });
  });

  test('lines changed since (or changes still queued): the device sum with the last shipping, provisional, no VAT', () => {
    const changed = cartTotalsView([line(2, 3995)], server);
    expect(changed).toMatchObject({ subtotal: 7990, total: 8485, vat: null, provisional: true });
    expect(cartTotalsView([line(1, 3995)], server, true).provisional).toBe(true);
  });

  test('a discount per coupon, each with its code', () => {
    const view = cartTotalsView([line(1, 32195)], {
      ...server,
      subtotal_incl_tax: 321.95,
      shipping_incl_tax: 0,
      discount_amount: -10,
      grand_total: 311.95,
      extension_attributes: {
        discount_codes: [],
        discounts: [{ code: 'TIENEURO', amount: 10 }],
        shipping_estimated: true,
      },
    });
    expect(view.discounts).toEqual([{ code: 'TIENEURO', cents: 1000 }]);
    expect(view.shipping).toEqual({ kind: 'free' });
    expect(view.total).toBe(31195);
  });

  test('never priced by the server: shipping not known yet rather than "Gratis"', () => {
    expect(cartTotalsView([line(1, 3995)], null)).toMatchObject({
      shipping: { kind: 'unknown' },
      total: 3995,
      provisional: true,
    });
  });

  test('a gift card pays its share: the server says what is left to pay; on the device sum it pays at most that sum', () => {
    const withCard = {
      ...server,
      extension_attributes: {
        shipping_estimated: true,
        gift_card: { number: '•••• 0029', amount: 25 },
        amount_to_pay: 19.9,
      },
    };
    expect(cartTotalsView([line(1, 3995)], withCard)).toMatchObject({
      total: 4490,
      giftCard: { number: '•••• 0029', cents: 2500 },
      toPay: 1990,
    });
    // a card that paid € 44,90 on a cart the device now sums to € 12,95: it pays the lot, nothing left (provisional)
    const fifty = { ...withCard, extension_attributes: { gift_card: { number: '•••• 0011', amount: 44.9 } } };
    expect(cartTotalsView([line(2, 400)], fifty)).toMatchObject({
      total: 1295,
      giftCard: { number: '•••• 0011', cents: 1295 },
      toPay: 0,
      provisional: true,
    });
    expect(giftCardShare(5000, 4490)).toBe(4490);
    expect(giftCardShare(2500, 4490)).toBe(2500);
  });
});
