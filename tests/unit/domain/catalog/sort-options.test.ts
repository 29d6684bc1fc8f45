import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, SORT_OPTIONS, sortClause, sortOptionFromQuery } from '../../../../domain/catalog/sort-options.ts';

describe('sort options (spec 000 §9)', () => {
  it('the default category sort is position ascending', () => {
    expect(sortClause(DEFAULT_SORT)).toEqual({ position: 'asc' });
    expect(sortOptionFromQuery(undefined)).toBe(DEFAULT_SORT);
    expect(sortOptionFromQuery('bogus')).toBe(DEFAULT_SORT);
  });

  it('Latest is updated_at desc; price low to high and high to low', () => {
    expect(sortClause(sortOptionFromQuery('latest'))).toEqual({ updated_at: 'desc' });
    expect(sortClause(sortOptionFromQuery('price-asc'))).toEqual({ price_incl_tax: 'asc' });
    expect(sortClause(sortOptionFromQuery('price-desc'))).toEqual({ price_incl_tax: 'desc' });
    expect(SORT_OPTIONS.map((o) => o.labelKey)).toEqual(['Position', 'Latest', 'Price low to high', 'Price high to low']);
  });
});
