import { describe, expect, it } from 'vitest';
import { PRICE_BUCKETS, priceBucketFilter, priceBucketIndex, priceBucketLabel } from '../../../../domain/catalog/price-buckets.ts';

const nbsp = (s: string) => s.replace(/ (?=\d)/g, '\u00a0');

describe('price filter ranges (spec 000 §9)', () => {
  it('ranges 0-50, 50-100, 100-150, 150+', () => {
    expect(PRICE_BUCKETS).toEqual([{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }]);
    expect(priceBucketIndex(0)).toBe(0);
    expect(priceBucketIndex(49.99)).toBe(0);
    expect(priceBucketIndex(50)).toBe(1);
    expect(priceBucketIndex(149.95)).toBe(2);
    expect(priceBucketIndex(899)).toBe(3);
    expect(priceBucketIndex(-1)).toBe(-1);
  });

  it("the label is '< currency value' for the first and last bucket, otherwise 'from - to'", () => {
    expect(priceBucketLabel(0)).toBe(nbsp('< € 50'));
    expect(priceBucketLabel(1)).toBe(nbsp('€ 50 - € 100'));
    expect(priceBucketLabel(2)).toBe(nbsp('€ 100 - € 150'));
    expect(priceBucketLabel(3)).toBe(nbsp('< € 150'));
    expect(priceBucketLabel(3, PRICE_BUCKETS, '>')).toBe(nbsp('> € 150'));
  });

  it('a bucket filters price_incl_tax with gte and lt', () => {
    expect(priceBucketFilter(PRICE_BUCKETS[1])).toEqual({ gte: 50, lt: 100 });
    expect(priceBucketFilter(PRICE_BUCKETS[3])).toEqual({ gte: 150 });
  });
});
