import type { OrderBody, OrderRepricing } from '../../contract/order.ts';
import { toCents, toEuros, type Cents } from '../../domain/money.ts';
import type { OrderAgreementInput, RepricingView } from './api-types.ts';

/** Spec 001 §8: the line text of a product the re-pricing found sold out, in the cart it goes back to. */
export const SOLD_OUT_IN_CART = 'Unfortunately this product has been sold out; remove it from the cart.';
/** Spec 001 §8, the heading of a re-priced order whose lines are all still for sale. */
export const PRICES_CHANGED = 'The prices in the cart have changed.';
/** Spec 001 §8, the heading of a re-priced order with a sold-out line. */
export const PRODUCTS_UNAVAILABLE = 'Some of the ordered products are not available.';

/**
 * What the shopper agreed to, written into the order body (contract/order.ts OrderAgreement): each line's unit price
 * as the summary showed it (by sku, in cart order) and the summary's totals. Lines without a known price carry none.
 */
export function withAgreement(body: OrderBody, agreed: OrderAgreementInput): OrderBody {
  const prices = new Map<string, Cents[]>();
  for (const line of agreed.lines) {
    if (line.unitCents === null) continue;
    prices.set(line.sku, [...(prices.get(line.sku) ?? []), line.unitCents]);
  }
  return {
    ...body,
    products: body.products.map((p) => {
      const unit = prices.get(p.sku)?.shift();
      return unit === undefined ? p : { ...p, agreed_price: toEuros(unit) };
    }),
    agreed: {
      grand_total: toEuros(agreed.grandTotal),
      shipping: toEuros(agreed.shipping),
      discount: toEuros(agreed.discount),
    },
  };
}

/** The server's `meta.repricing` of a 409 order answer, or null when the answer is another refusal. */
export function repricingOf(meta: unknown): OrderRepricing | null {
  const r = (meta as { repricing?: OrderRepricing } | null | undefined)?.repricing;
  return r && Array.isArray(r.lines) && r.totals ? r : null;
}

const cents = (euros: number | null) => (euros === null ? null : toCents(euros));

/** The differences as the app shows them (cents); `placeable` when a line is left to order at the new total. */
export function repricingView(r: OrderRepricing, body: OrderBody): RepricingView {
  const change = (c: { was: number; now: number }) => ({ was: toCents(c.was), now: toCents(c.now) });
  return {
    lines: r.lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      qty: l.qty,
      was: cents(l.was),
      now: cents(l.now),
      soldOut: l.sold_out,
    })),
    grandTotal: change(r.totals.grand_total),
    shipping: change(r.totals.shipping),
    discount: change(r.totals.discount),
    soldOut: r.lines.some((l) => l.sold_out),
    placeable: acceptedAtNewPrices(body, r) !== null,
  };
}

/**
 * The same order (same order_id) agreed at the server's new amounts: sold-out lines left out, the changed lines at
 * their new price, the new totals. Null when nothing would be left to order.
 */
export function acceptedAtNewPrices(body: OrderBody, r: OrderRepricing): OrderBody | null {
  const byIndex = new Map(r.lines.map((l) => [l.index, l]));
  const products = body.products.flatMap((p, index) => {
    const line = byIndex.get(index);
    if (!line) return [p];
    if (line.sold_out || line.now === null) return [];
    return [{ ...p, agreed_price: line.now }];
  });
  if (products.length === 0) return null;
  return {
    ...body,
    products,
    agreed: { grand_total: r.totals.grand_total.now, shipping: r.totals.shipping.now, discount: r.totals.discount.now },
  };
}
