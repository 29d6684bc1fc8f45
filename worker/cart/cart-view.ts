import type { CartItemDoc } from '../../schemas/index.ts';
import { lineVariantText } from '../../domain/cart/line-display.ts';
import { toCents, type Cents } from '../../domain/money.ts';
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
  return {
    local_id: item.local_id,
    sku: item.sku,
    qty: item.qty,
    display,
    variant: lineVariantText(display),
    unitCents,
    rowTotalCents: unitCents === null ? null : unitCents * item.qty,
    type_id: item.type_id ?? display.type_id,
    ...(parentSku ? { parentSku } : {}),
    errors: item.errors ?? {},
    info: item.info ?? {},
  };
}

/**
 * The cart's totals in cents (spec 000 §4 "platformTotals"): the server's once synced; before that the local sum of
 * the lines (prices include tax), free shipping and no discount.
 */
export function cartTotalsView(
  lines: readonly CartLineView[],
  platformTotals: Record<string, unknown> | null,
): CartTotalsView {
  const local = lines.reduce((sum, line) => sum + (line.rowTotalCents ?? 0), 0);
  const subtotal = cents(platformTotals?.subtotal_incl_tax) ?? local;
  const shipping = cents(platformTotals?.shipping_incl_tax) ?? 0;
  const discount = Math.abs(cents(platformTotals?.discount_amount) ?? 0);
  return {
    subtotal,
    discount,
    shipping,
    tax: cents(platformTotals?.tax_amount) ?? 0,
    grandTotal: cents(platformTotals?.grand_total) ?? subtotal + shipping - discount,
    fromServer: platformTotals !== null,
  };
}
