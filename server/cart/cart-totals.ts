import type { CartTotals, TotalSegment } from '../../contract/cart.ts';
import type { Queryable } from '../db/index.ts';
import { toEuros } from '../../domain/money.ts';
import { cartGiftCard, giftCardShare, maskCardNumber } from '../giftcards/gift-cards.ts';
import type { CartRow } from '../pricing/cart-row.ts';
import { cartCountry, cartPricingContext, loadPricedLines } from './cart-lines.ts';
import { activeDiscounts } from '../pricing/coupons.ts';
import { estimatedShippingCents, findShippingMethod, paymentMethodsFor } from '../pricing/shipping.ts';
import { calculateTotals, totalsWithShipping, type TotalsCents } from '../pricing/totals.ts';

export interface TotalsExtras {
  couponCode: string | null;
  discountCodes: string[];
  /** Shipping is the estimate of a cart without a chosen method (`estimatedShippingCents`). */
  shippingEstimated: boolean;
  /** The cart's gift card, masked, and its balance (server/giftcards). */
  giftCard?: { number: string; balanceCents: number } | null;
}

export async function computeCartTotals(
  db: Queryable,
  cart: CartRow,
  now: Date,
): Promise<{ totals: TotalsCents; country: string; shippingEstimated: boolean }> {
  const ctx = await cartPricingContext(db, cart, now);
  const country = await cartCountry(db, cart);
  const lines = await loadPricedLines(db, cart, ctx);
  const codes = [cart.coupon_code, ...cart.discount_codes].filter((c): c is string => !!c);
  const discounts = await activeDiscounts(db, codes, { customerId: cart.customer_id, lines, now });
  const shipping =
    cart.shipping_carrier_code && cart.shipping_method_code
      ? await findShippingMethod(db, cart.shipping_carrier_code, cart.shipping_method_code, country)
      : null;
  let fee = 0;
  if (cart.payment_method) {
    fee = (await paymentMethodsFor(db, country)).find((p) => p.code === cart.payment_method)?.cost_cents ?? 0;
  }
  if (shipping || lines.length === 0)
    return { totals: totalsWithShipping(lines, discounts, shipping, fee), country, shippingEstimated: false };
  // no method chosen yet: the cheapest delivery to the country, so the cart's total is what the checkout's default
  // charges (docs/checkout-and-orders.md "Totals")
  const goods = calculateTotals({ lines, discounts, shippingInclCents: 0, paymentFeeInclCents: 0 });
  const estimate = await estimatedShippingCents(db, country, goods.subtotalInclCents - goods.discountCents);
  return {
    totals: totalsWithShipping(lines, discounts, () => estimate ?? 0, fee),
    country,
    shippingEstimated: estimate !== null,
  };
}

/** The totals answer (contract/cart.ts `CartTotals`) from the totals in cents. */
export function formatTotals(t: TotalsCents, extras: TotalsExtras): CartTotals {
  const discountTitle = extras.couponCode ? `Korting (${extras.couponCode})` : 'Korting';
  const shippingTitle = extras.shippingEstimated ? 'Verzendkosten vanaf' : 'Verzendkosten';
  const segments: TotalSegment[] = [
    { code: 'subtotal', title: 'Subtotaal', value: toEuros(t.subtotalInclCents) },
    { code: 'shipping', title: shippingTitle, value: toEuros(t.shippingInclCents) },
    { code: 'discount', title: discountTitle, value: toEuros(-t.discountCents) },
    { code: 'tax', title: 'Btw', value: toEuros(t.taxCents) },
  ];
  if (t.paymentFeeInclCents > 0)
    segments.push({ code: 'payment_fee', title: 'Betaalkosten', value: toEuros(t.paymentFeeInclCents) });
  segments.push({ code: 'grand_total', title: 'Totaal', value: toEuros(t.grandTotalCents) });
  return {
    grand_total: toEuros(t.grandTotalCents),
    base_grand_total: toEuros(t.grandTotalCents),
    subtotal: toEuros(t.subtotalExclCents),
    base_subtotal: toEuros(t.subtotalExclCents),
    subtotal_incl_tax: toEuros(t.subtotalInclCents),
    subtotal_with_discount: toEuros(t.subtotalInclCents - t.discountCents),
    discount_amount: toEuros(-t.discountCents),
    base_discount_amount: toEuros(-t.discountCents),
    tax_amount: toEuros(t.taxCents),
    shipping_amount: toEuros(t.shippingExclCents),
    shipping_incl_tax: toEuros(t.shippingInclCents),
    shipping_tax_amount: toEuros(t.shippingInclCents - t.shippingExclCents),
    payment_fee_incl_tax: toEuros(t.paymentFeeInclCents),
    items_qty: t.itemsQty,
    coupon_code: extras.couponCode,
    base_currency_code: 'EUR',
    quote_currency_code: 'EUR',
    items: t.lines.map((l) => ({
      item_id: l.itemId,
      sku: l.sku,
      name: l.name,
      qty: l.qty,
      product_type: l.productType,
      price: toEuros(Math.round(l.rowExclCents / l.qty)),
      price_incl_tax: toEuros(l.unitInclCents),
      row_total: toEuros(l.rowExclCents),
      row_total_incl_tax: toEuros(l.rowInclCents),
      row_total_with_discount: toEuros(l.rowInclCents - l.discountCents),
      discount_amount: toEuros(l.discountCents),
      tax_amount: toEuros(l.taxCents),
      tax_percent: l.taxRatePercent,
      options: JSON.stringify(l.optionLabels),
      product_option: l.productOption,
    })),
    total_segments: segments,
    extension_attributes: {
      discount_codes: extras.discountCodes,
      discounts: t.discountsByCode.map((d) => ({ code: d.code, amount: toEuros(d.cents) })),
      shipping_estimated: extras.shippingEstimated,
      gift_card: extras.giftCard
        ? {
            number: maskCardNumber(extras.giftCard.number),
            amount: toEuros(giftCardShare(extras.giftCard.balanceCents, t.grandTotalCents)),
          }
        : null,
      amount_to_pay: toEuros(
        t.grandTotalCents - (extras.giftCard ? giftCardShare(extras.giftCard.balanceCents, t.grandTotalCents) : 0),
      ),
    },
  };
}

export async function cartTotalsPayload(db: Queryable, cart: CartRow, now: Date) {
  const { totals, shippingEstimated } = await computeCartTotals(db, cart, now);
  return formatTotals(totals, {
    couponCode: cart.coupon_code,
    discountCodes: cart.discount_codes,
    shippingEstimated,
    giftCard: await cartGiftCard(db, cart.id),
  });
}
