import { describe, expect, it } from 'vitest';
import {
  combinedPriceRange,
  PRICE_BUCKETS,
  priceBucketAggregationKey,
  priceBucketFilter,
  priceBucketFromKey,
  priceBucketLabel,
  priceBucketOf,
  priceBucketQueryKey,
  priceRangeLabel,
} from '../../../../domain/catalog/price-buckets.ts';

const nbsp = (s: string) => s.replace(/ (?=\d)/g, '\u00a0');

describe('price filter ranges (spec 000 §9)', () => {
  it('ranges 0-50, 50-100, 100-150, 150+', () => {
    expect(PRICE_BUCKETS).toEqual([{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }]);
    expect(PRICE_BUCKETS.map(priceBucketAggregationKey)).toEqual(['0.0-50.0', '50.0-100.0', '100.0-150.0', '150.0-*']);
    expect(PRICE_BUCKETS.map(priceBucketQueryKey)).toEqual(['0-50', '50-100', '100-150', '150-']);
  });

  it('a bucket is read from the aggregation key or the route query key', () => {
    expect(priceBucketFromKey('0.0-50.0')).toEqual({ from: 0, to: 50 });
    expect(priceBucketFromKey('150.0-*')).toEqual({ from: 150 });
    expect(priceBucketFromKey('50-100')).toEqual({ from: 50, to: 100 });
    expect(priceBucketFromKey('150-')).toEqual({ from: 150 });
    expect(priceBucketFromKey('cheap')).toBeNull();
    expect(priceBucketOf({ key: '150.0-*', from: 150, to: null })).toEqual({ from: 150 });
    expect(priceBucketOf({ key: '0.0-50.0' })).toEqual({ from: 0, to: 50 });
  });

  it("the label is '< currency value' for the first and last bucket, otherwise 'from - to'", () => {
    expect(priceBucketLabel(0)).toBe(nbsp('< € 50'));
    expect(priceBucketLabel(1)).toBe(nbsp('€ 50 - € 100'));
    expect(priceBucketLabel(2)).toBe(nbsp('€ 100 - € 150'));
    expect(priceBucketLabel(3)).toBe(nbsp('< € 150'));
    expect(priceBucketLabel(3, PRICE_BUCKETS, '>')).toBe(nbsp('> € 150'));
    expect(priceRangeLabel({ from: 50, to: 100 })).toBe(nbsp('€ 50 - € 100'));
    expect(priceRangeLabel({ from: 200 })).toBe('> € 200');
  });

  it('a bucket filters the price with gte and lt; several adjacent buckets become one range', () => {
    expect(priceBucketFilter(PRICE_BUCKETS[1])).toEqual({ gte: 50, lt: 100 });
    expect(priceBucketFilter(PRICE_BUCKETS[3])).toEqual({ gte: 150 });
    expect(combinedPriceRange([PRICE_BUCKETS[1], PRICE_BUCKETS[2]])).toEqual({ from: 50, to: 150 });
    expect(combinedPriceRange([PRICE_BUCKETS[2], PRICE_BUCKETS[3]])).toEqual({ from: 100 });
    expect(combinedPriceRange([])).toBeNull();
  });
});
