import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, SORT_OPTIONS, sortOptionFromQuery, sortParam } from '../../../../domain/catalog/sort-options.ts';

describe('sort options (spec 000 §9)', () => {
  it('the default category sort is position ascending', () => {
    expect(sortParam(DEFAULT_SORT)).toBe('position:asc');
    expect(sortOptionFromQuery(undefined)).toBe(DEFAULT_SORT);
    expect(sortOptionFromQuery('bogus')).toBe(DEFAULT_SORT);
  });

  it('Latest is updated_at desc; price low to high and high to low', () => {
    expect(sortParam(sortOptionFromQuery('latest'))).toBe('updated_at:desc');
    expect(sortParam(sortOptionFromQuery('price_asc'))).toBe('final_price:asc');
    expect(sortParam(sortOptionFromQuery('price_desc'))).toBe('final_price:desc');
    expect(SORT_OPTIONS.map((o) => o.labelKey)).toEqual([
      'Position',
      'Latest',
      'Price low to high',
      'Price high to low',
    ]);
  });
});
