import { describe, expect, it } from 'vitest';
import { computePrice, exclTax, isInSpecialWindow } from '../../../domain/price.ts';

const NOON_15_JUNE = new Date('2026-06-15T10:00:00Z');

describe('computePrice', () => {
  it('source prices include tax; excl is incl / (1 + rate), rounded to cents (spec 000 §1)', () => {
    const p = computePrice({ priceInclCents: 4995, taxRatePercent: 21 }, NOON_15_JUNE);
    expect(p.regularInclCents).toBe(4995);
    expect(p.regularExclCents).toBe(4128); // 49.95 / 1.21 = 41.2809…
    expect(p.finalInclCents).toBe(4995);
    expect(p.finalExclCents).toBe(4128);
    expect(p.taxCents).toBe(867);
    expect(p.specialInclCents).toBe(0);
    expect(p.discountPercentage).toBe(0);
  });

  it('a 0 % rate leaves excl equal to incl (spec 000 §5 tax fallback)', () => {
    const p = computePrice({ priceInclCents: 1000, taxRatePercent: 0 }, NOON_15_JUNE);
    expect(p.finalExclCents).toBe(1000);
    expect(p.taxCents).toBe(0);
  });

  it('special price counts only inside its from/to window (spec 000 §5)', () => {
    const base = { priceInclCents: 10000, specialPriceInclCents: 7500, taxRatePercent: 21 };
    const inside = computePrice(
      { ...base, specialFromDate: '2026-06-01 00:00:00', specialToDate: '2026-06-30 00:00:00' },
      NOON_15_JUNE,
    );
    expect(inside.finalInclCents).toBe(7500);
    expect(inside.specialInclCents).toBe(7500);
    expect(inside.specialExclCents).toBe(6198);
    expect(inside.discountPercentage).toBe(25);

    const before = computePrice({ ...base, specialFromDate: '2026-06-16' }, NOON_15_JUNE);
    expect(before.finalInclCents).toBe(10000);
    expect(before.specialInclCents).toBe(0);
    expect(before.specialExclCents).toBe(0);

    const after = computePrice({ ...base, specialToDate: '2026-06-14' }, NOON_15_JUNE);
    expect(after.finalInclCents).toBe(10000);
    expect(after.specialInclCents).toBe(0);
  });

  it('a null window bound is open (spec 000 §5)', () => {
    const p = computePrice(
      {
        priceInclCents: 10000,
        specialPriceInclCents: 8000,
        specialFromDate: null,
        specialToDate: null,
        taxRatePercent: 21,
      },
      NOON_15_JUNE,
    );
    expect(p.finalInclCents).toBe(8000);
    expect(p.discountPercentage).toBe(20);
  });

  it('the to-date is valid through the whole of that day in Europe/Amsterdam (spec 000 §5)', () => {
    // 23:30 Amsterdam summer time on 30 June is 21:30 UTC; 00:30 on 1 July is 22:30 UTC on 30 June.
    expect(isInSpecialWindow(null, '2026-06-30', new Date('2026-06-30T21:30:00Z'))).toBe(true);
    expect(isInSpecialWindow(null, '2026-06-30 00:00:00', new Date('2026-06-30T21:59:59Z'))).toBe(true);
    expect(isInSpecialWindow(null, '2026-06-30', new Date('2026-06-30T22:30:00Z'))).toBe(false);
    // The from-day starts at Amsterdam midnight, which is still the previous day in UTC.
    expect(isInSpecialWindow('2026-07-01', null, new Date('2026-06-30T22:30:00Z'))).toBe(true);
    expect(isInSpecialWindow('2026-07-01', null, new Date('2026-06-30T21:30:00Z'))).toBe(false);
  });

  it('window bounds given as Date instants are mapped to their Amsterdam day', () => {
    const to = new Date('2026-06-14T22:30:00Z'); // 00:30 on 15 June in Amsterdam
    expect(isInSpecialWindow(null, to, NOON_15_JUNE)).toBe(true);
    expect(isInSpecialWindow(null, new Date('2026-06-14T12:00:00Z'), NOON_15_JUNE)).toBe(false);
  });

  it('an unparsable window bound closes the window rather than granting a discount', () => {
    expect(isInSpecialWindow('not a date', null, NOON_15_JUNE)).toBe(false);
  });

  it('special price counts only if lower than the original price; otherwise it is zeroed (spec 000 §5)', () => {
    const equal = computePrice({ priceInclCents: 5000, specialPriceInclCents: 5000, taxRatePercent: 21 }, NOON_15_JUNE);
    expect(equal.finalInclCents).toBe(5000);
    expect(equal.specialInclCents).toBe(0);
    expect(equal.specialExclCents).toBe(0);
    expect(equal.discountPercentage).toBe(0);

    const higher = computePrice(
      { priceInclCents: 5000, specialPriceInclCents: 6000, taxRatePercent: 21 },
      NOON_15_JUNE,
    );
    expect(higher.finalInclCents).toBe(5000);
    expect(higher.specialInclCents).toBe(0);
  });

  it('a tier price lowers the final price only when it is lower, without being a special price', () => {
    const tier = computePrice({ priceInclCents: 10000, tierPriceInclCents: 9000, taxRatePercent: 21 }, NOON_15_JUNE);
    expect(tier.finalInclCents).toBe(9000);
    expect(tier.specialInclCents).toBe(0);
    expect(tier.discountPercentage).toBe(10);

    const both = computePrice(
      { priceInclCents: 10000, specialPriceInclCents: 8000, tierPriceInclCents: 9000, taxRatePercent: 21 },
      NOON_15_JUNE,
    );
    expect(both.finalInclCents).toBe(8000);
    expect(both.specialInclCents).toBe(8000);
  });

  it('discount percentage is the whole percent off the regular price', () => {
    expect(
      computePrice({ priceInclCents: 4995, specialPriceInclCents: 3995, taxRatePercent: 21 }, NOON_15_JUNE)
        .discountPercentage,
    ).toBe(20);
    expect(
      computePrice({ priceInclCents: 0, specialPriceInclCents: 0, taxRatePercent: 21 }, NOON_15_JUNE)
        .discountPercentage,
    ).toBe(0);
  });

  it('exclTax rounds to whole cents', () => {
    expect(exclTax(121, 21)).toBe(100);
    expect(exclTax(1999, 21)).toBe(1652);
    expect(exclTax(1090, 9)).toBe(1000);
  });
});
