import { exclTax } from '../../domain/price.ts';
import type { ProductOption } from '../../contract/cart.ts';
import { shippingPriceCents } from './shipping.ts';
import type { OptionLabel } from './sellable-product.ts';

export interface PricedLine {
  itemId: number | null;
  sku: string;
  name: string;
  qty: number;
  productType: string;
  productOption: ProductOption | null;
  optionLabels: OptionLabel[];
  categoryIds: number[];
  unitInclCents: number;
  taxRatePercent: number;
}

/** A coupon or discount code that passed validation (coupons.ts) and now only needs its arithmetic. */
export interface DiscountRule {
  code: string;
  discountType: 'percent' | 'fixed';
  /** Percent, or cents for 'fixed'. */
  discountValue: number;
  categoryIds: number[] | null;
}

export interface TotalsInput {
  lines: PricedLine[];
  discounts: DiscountRule[];
  /** The chosen shipping method's price incl. tax, already 0 when free (free_from reached, store pickup). */
  shippingInclCents: number;
  paymentFeeInclCents: number;
}

export interface LineTotals extends PricedLine {
  rowInclCents: number;
  rowExclCents: number;
  discountCents: number;
  taxCents: number;
}

export interface TotalsCents {
  lines: LineTotals[];
  itemsQty: number;
  subtotalInclCents: number;
  subtotalExclCents: number;
  /** Positive amount taken off; the API shows it negative, as Magento does. */
  discountCents: number;
  /** The same, per coupon or discount code in the order they were applied. */
  discountsByCode: { code: string; cents: number }[];
  shippingInclCents: number;
  shippingExclCents: number;
  paymentFeeInclCents: number;
  taxCents: number;
  grandTotalCents: number;
}

export function lineQualifies(line: PricedLine, rule: Pick<DiscountRule, 'categoryIds'>): boolean {
  if (!rule.categoryIds || rule.categoryIds.length === 0) return true;
  return line.categoryIds.some((id) => rule.categoryIds!.includes(id));
}

/**
 * Splits `amount` over rows in proportion to their weight, in whole cents, the remainder going to the largest rows
 * first, so the parts always add up to the amount exactly.
 */
function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((amount * w) / total));
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => [w, i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; rest > 0; k = (k + 1) % order.length) {
    if (order[k][0] > 0) {
      parts[order[k][1]] += 1;
      rest -= 1;
    }
  }
  return parts;
}

/**
 * Cart totals in integer cents. Prices include tax (spec 000 §1): a discount lowers the incl. amount of the rows it
 * applies to and the tax is taken out of what remains; shipping carries the highest rate in the cart (the rate of
 * the main goods, as EU VAT rules do for shipping costs). Discounts never exceed what the qualifying rows cost.
 */
export function calculateTotals(input: TotalsInput): TotalsCents {
  const rows = input.lines.map((l) => l.unitInclCents * l.qty);
  const lineDiscounts = rows.map(() => 0);
  const discountsByCode: { code: string; cents: number }[] = [];
  for (const rule of input.discounts) {
    const weights = input.lines.map((line, i) => (lineQualifies(line, rule) ? rows[i] - lineDiscounts[i] : 0));
    const base = weights.reduce((a, b) => a + b, 0);
    const amount =
      rule.discountType === 'percent'
        ? Math.round((base * Math.min(100, Math.max(0, rule.discountValue))) / 100)
        : Math.min(base, Math.max(0, rule.discountValue));
    allocate(amount, weights).forEach((part, i) => (lineDiscounts[i] += part));
    discountsByCode.push({ code: rule.code, cents: amount });
  }

  const lines: LineTotals[] = input.lines.map((line, i) => {
    const net = rows[i] - lineDiscounts[i];
    return {
      ...line,
      rowInclCents: rows[i],
      rowExclCents: exclTax(rows[i], line.taxRatePercent),
      discountCents: lineDiscounts[i],
      taxCents: net - exclTax(net, line.taxRatePercent),
    };
  });
  const sum = (f: (l: LineTotals) => number) => lines.reduce((a, l) => a + f(l), 0);
  const shippingRate = Math.max(0, ...input.lines.map((l) => l.taxRatePercent));
  const shippingExclCents = exclTax(input.shippingInclCents, shippingRate);
  const subtotalInclCents = sum((l) => l.rowInclCents);
  const discountCents = sum((l) => l.discountCents);
  return {
    lines,
    itemsQty: sum((l) => l.qty),
    subtotalInclCents,
    subtotalExclCents: sum((l) => l.rowExclCents),
    discountCents,
    discountsByCode,
    shippingInclCents: input.shippingInclCents,
    shippingExclCents,
    paymentFeeInclCents: input.paymentFeeInclCents,
    taxCents: sum((l) => l.taxCents) + (input.shippingInclCents - shippingExclCents),
    grandTotalCents: subtotalInclCents - discountCents + input.shippingInclCents + input.paymentFeeInclCents,
  };
}

/**
 * Totals of a set of priced lines with the discounts, shipping method and payment method applied. Shared by the cart
 * (`totals`, `collect-totals`, `shipping-information`) and order placement, so both compute the same grand total.
 */
export function totalsWithShipping(
  lines: PricedLine[],
  discounts: DiscountRule[],
  shipping: Parameters<typeof shippingPriceCents>[0] | ((goodsInclCents: number) => number) | null,
  paymentFeeInclCents: number,
): TotalsCents {
  const goods = calculateTotals({ lines, discounts, shippingInclCents: 0, paymentFeeInclCents: 0 });
  const goodsInclCents = goods.subtotalInclCents - goods.discountCents;
  const shippingInclCents =
    typeof shipping === 'function'
      ? shipping(goodsInclCents)
      : shipping
        ? shippingPriceCents(shipping, goodsInclCents)
        : 0;
  return calculateTotals({ lines, discounts, shippingInclCents, paymentFeeInclCents });
}
