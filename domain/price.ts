import type { Cents } from './money.ts';
import { shopDay, toShopDay } from './datetime.ts';

export interface PriceInput {
  priceInclCents: Cents;
  specialPriceInclCents?: Cents | null;
  specialFromDate?: string | Date | null;
  specialToDate?: string | Date | null;
  taxRatePercent: number;
  /** The customer's tier/group price, when usePriceTiers is on; it counts only if lower. */
  tierPriceInclCents?: Cents | null;
}

export interface PriceBreakdown {
  regularInclCents: Cents;
  regularExclCents: Cents;
  /** 0 when the special price does not count (spec 000 §5). */
  specialInclCents: Cents;
  specialExclCents: Cents;
  finalInclCents: Cents;
  finalExclCents: Cents;
  /** Tax part of the final incl price. */
  taxCents: Cents;
  /** Whole percent off regular, 0 when none. */
  discountPercentage: number;
}

/** Source prices include tax (spec 000 §1), so excl is derived: incl / (1 + rate/100), rounded to cents. */
export function exclTax(inclCents: Cents, taxRatePercent: number): Cents {
  return Math.round(inclCents / (1 + taxRatePercent / 100));
}

/**
 * Whether `now` lies inside the special price window. Magento's special_from_date/special_to_date are calendar days,
 * so both bounds are whole days in Europe/Amsterdam: valid from 00:00 of the from-day through 23:59:59.999 of the
 * to-day. A null/missing bound is open. An unparsable bound closes the window: better no discount than a wrong one.
 */
export function isInSpecialWindow(
  from: string | Date | null | undefined,
  to: string | Date | null | undefined,
  now: Date,
): boolean {
  const today = shopDay(now);
  if (from !== null && from !== undefined && from !== '') {
    const fromDay = toShopDay(from);
    if (fromDay === null || today < fromDay) return false;
  }
  if (to !== null && to !== undefined && to !== '') {
    const toDay = toShopDay(to);
    if (toDay === null || today > toDay) return false;
  }
  return true;
}

/** Whole percent off the regular price; rounded to the nearest percent, 0 when there is no reduction. */
export function discountPercentage(regularCents: Cents, finalCents: Cents): number {
  if (regularCents <= 0 || finalCents >= regularCents) return 0;
  return Math.round(((regularCents - finalCents) / regularCents) * 100);
}

/**
 * Source prices include tax (spec 000 §1). Special price counts only inside its window and only if lower; when the
 * final price is at or above the regular price the special price is zeroed (spec 000 §5). A tier price lowers the
 * final price too but is not a special price.
 */
export function computePrice(input: PriceInput, now: Date): PriceBreakdown {
  const regular = Math.round(input.priceInclCents);
  const rate = input.taxRatePercent;
  let final = regular;

  const special = input.specialPriceInclCents;
  const specialCounts =
    special !== null &&
    special !== undefined &&
    Number.isFinite(special) &&
    special >= 0 &&
    special < regular &&
    isInSpecialWindow(input.specialFromDate, input.specialToDate, now);
  if (specialCounts) final = Math.round(special);

  const tier = input.tierPriceInclCents;
  if (tier !== null && tier !== undefined && Number.isFinite(tier) && tier >= 0 && tier < final) {
    final = Math.round(tier);
  }

  const specialIncl = specialCounts && final < regular ? Math.round(special) : 0;
  const finalExcl = exclTax(final, rate);
  return {
    regularInclCents: regular,
    regularExclCents: exclTax(regular, rate),
    specialInclCents: specialIncl,
    specialExclCents: specialIncl === 0 ? 0 : exclTax(specialIncl, rate),
    finalInclCents: final,
    finalExclCents: finalExcl,
    taxCents: final - finalExcl,
    discountPercentage: discountPercentage(regular, final),
  };
}
