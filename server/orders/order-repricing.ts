import type { OrderBody, OrderRepricing, PriceChange } from '../../contract/order.ts';
import { toCents, toEuros } from '../../domain/money.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/envelope.ts';
import { loadStockLimit } from '../pricing/stock.ts';
import type { PricedLine, TotalsCents } from '../pricing/totals.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

type StockedLine = PricedLine & { productId: number };

/**
 * The lines (by index) whose product cannot be sold in the quantity the order holds of it now, summed per product as
 * the stock reservation counts it. Read outside the order's transaction: the reservation still guards the race.
 */
async function soldOutLines(db: Queryable, lines: readonly StockedLine[]): Promise<Set<number>> {
  const perProduct = new Map<number, number>();
  for (const l of lines) perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.qty);
  const soldOut = new Set<number>();
  for (const [productId, qty] of perProduct) {
    const limit = await loadStockLimit(db, productId);
    if (limit.salable === null || qty <= Math.min(limit.salable, limit.maxSaleQty)) continue;
    lines.forEach((l, index) => l.productId === productId && soldOut.add(index));
  }
  return soldOut;
}

const change = (wasEuros: number, nowCents: number): PriceChange => ({ was: wasEuros, now: toEuros(nowCents) });

/**
 * Spec 001 §8 re-pricing: the order is priced when it arrives, which for an order that waited on the device can be
 * days after the shopper saw the summary. When a line's price, its availability, the shipping, the discount or the
 * grand total differs from what the body says the shopper agreed to, nothing is placed: a 409 names every difference
 * (`meta.repricing`). Nothing is stored for the order_id, so the same order can be placed at the new amounts later.
 * `totalsWithout` prices the order without its sold-out lines (discounts and free shipping depend on the lines).
 */
export async function assertPricedAsAgreed(
  db: Queryable,
  body: OrderBody,
  lines: readonly StockedLine[],
  totals: TotalsCents,
  totalsWithout: (kept: StockedLine[]) => Promise<TotalsCents>,
): Promise<void> {
  const agreed = body.agreed;
  if (!agreed) return;
  const soldOut = await soldOutLines(db, lines);
  const changed: OrderRepricing['lines'] = [];
  lines.forEach((line, index) => {
    const was = body.products[index]?.agreed_price;
    const sold = soldOut.has(index);
    if (!sold && (was === undefined || toCents(was) === line.unitInclCents)) return;
    changed.push({
      index,
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      was: was ?? null,
      now: sold ? null : toEuros(line.unitInclCents),
      sold_out: sold,
    });
  });
  const now = soldOut.size ? await totalsWithout(lines.filter((_, i) => !soldOut.has(i))) : totals;
  const repricing: OrderRepricing = {
    lines: changed,
    totals: {
      grand_total: change(agreed.grand_total, now.grandTotalCents),
      shipping: change(agreed.shipping, now.shippingInclCents),
      discount: change(agreed.discount, now.discountCents),
    },
  };
  const totalsDiffer = Object.values(repricing.totals).some((t) => toCents(t.was) !== toCents(t.now));
  if (changed.length === 0 && !totalsDiffer) return;
  const message = soldOut.size ? ORDER_MESSAGES.productsUnavailable : ORDER_MESSAGES.pricesChanged;
  throw new HttpError(409, message, { repricing });
}
