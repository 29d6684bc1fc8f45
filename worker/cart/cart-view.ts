import type { CartItemDoc } from '../../schemas/index.ts';
import { lineVariantText } from '../../domain/cart/line-display.ts';
import { toCents, type Cents } from '../../domain/money.ts';
import { giftCardShare, segmentsTotal, shippingSegment } from '../../domain/cart/totals-rule.ts';
import type { CartLineView, CartTotalsView } from './api-types.ts';

/** Euros from a stored line or the server's totals as integer cents; anything that is not a finite number is null. */
function cents(euros: unknown): Cents | null {
  return typeof euros === 'number' && Number.isFinite(euros) ? toCents(euros) : null;
}

/**
 * One device line as the app shows it (the one place raw euros become cents for the cart's UI): the display value,
 * its variant as text ("Navy · M") and the unit price and row total in cents.
 */
export function cartLineView(item: CartItemDoc): CartLineView {
  const display = item.product ?? { name: item.sku };
  const unitCents = cents(item.price_incl_tax ?? display.price_incl_tax);
  const parentSku = item.parentSku ?? display.parentSku;
  // a line the server refused because none is left stays on the device, marked (spec 000 §9), and is charged nothing
  const keptOffServer = item.item_id == null && item.is_in_stock === false;
  return {
    local_id: item.local_id,
    sku: item.sku,
    qty: item.qty,
    display,
    variant: lineVariantText(display),
    unitCents,
    rowTotalCents: unitCents === null || keptOffServer ? null : unitCents * item.qty,
    ...(keptOffServer ? { offServer: true } : {}),
    type_id: item.type_id ?? display.type_id,
    ...(parentSku ? { parentSku } : {}),
    errors: item.errors ?? {},
    info: item.info ?? {},
  };
}

/**
 * The cart's totals as the shop's one rule draws them (domain/cart/totals-rule.ts, spec 000 §4 "platformTotals"): the
 * server's segments while they are for these lines; once the lines changed (or before the server ever priced the
 * cart) the device's own sum of the lines with the last known discounts and shipping, marked provisional.
 */
export function cartTotalsView(
  lines: readonly CartLineView[],
  platformTotals: Record<string, unknown> | null,
  pendingSync = false,
): CartTotalsView {
  const local = lines.reduce((sum, line) => sum + (line.rowTotalCents ?? 0), 0);
  // the server's cart has no line of what it refused as out of stock, so its quantity leaves those out too
  const qty = lines.reduce((sum, line) => sum + (line.offServer ? 0 : line.qty), 0);
  const ext = (platformTotals?.extension_attributes ?? {}) as {
    discounts?: { code: string; amount: number }[];
    shipping_estimated?: boolean;
    gift_card?: { number: string; amount: number } | null;
    amount_to_pay?: number;
  };
  // the card paid this much of the server's last total; on the device's own sum it pays at most that sum
  const card = ext.gift_card && typeof ext.gift_card.number === 'string' ? ext.gift_card : null;
  const withCard = (total: Cents) => {
    const giftCard = card ? { number: card.number, cents: giftCardShare(toCents(card.amount), total) } : null;
    return { giftCard, toPay: total - (giftCard?.cents ?? 0) };
  };
  const serverDiscount = Math.abs(cents(platformTotals?.discount_amount) ?? 0);
  const discounts = Array.isArray(ext.discounts)
    ? ext.discounts.map((d) => ({ code: d.code, cents: Math.abs(toCents(d.amount)) })).filter((d) => d.cents > 0)
    : serverDiscount
      ? [
          {
            code: typeof platformTotals?.coupon_code === 'string' ? platformTotals.coupon_code : null,
            cents: serverDiscount,
          },
        ]
      : [];
  const shipping = shippingSegment(cents(platformTotals?.shipping_incl_tax), ext.shipping_estimated === true);
  const current = platformTotals !== null && !pendingSync && platformTotals.items_qty === qty;
  if (current) {
    const subtotal = cents(platformTotals.subtotal_incl_tax) ?? local;
    const fee = cents(platformTotals.payment_fee_incl_tax) ?? 0;
    const total = cents(platformTotals.grand_total) ?? segmentsTotal(subtotal, discounts, shipping, fee);
    const paid = withCard(total);
    return {
      subtotal,
      discounts,
      shipping,
      paymentFee: fee,
      total,
      ...paid,
      // the server's own figure of what the payment will be for, when it gave one
      toPay: cents(ext.amount_to_pay) ?? paid.toPay,
      vat: cents(platformTotals.tax_amount),
      provisional: false,
      fromServer: true,
    };
  }
  const total = segmentsTotal(local, discounts, shipping);
  return {
    subtotal: local,
    discounts,
    shipping,
    paymentFee: 0,
    total,
    ...withCard(total),
    vat: null,
    provisional: true,
    fromServer: false,
  };
}
