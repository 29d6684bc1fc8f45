import { describe, expect, it } from 'vitest';
import * as listingQuery from '../../../../domain/catalog/listing-query.ts';

describe('spec 000 §5 product listing base filter and spec 000 §9 sorting', () => {
  it('lists visibility 2, 3, 4 and status 0, 1, out-of-stock products included, position ascending by default', () => {
    const body = listingQuery.categoryListingBody({ categoryId: 21 }, 50);
    expect(body.filter).toEqual({ ...listingQuery.LISTING_BASE_FILTER, category_ids: { in: [21] } });
    expect(listingQuery.LISTING_BASE_FILTER).toEqual({ visibility: { in: [2, 3, 4] }, status: { in: [0, 1] } });
    expect(body.sort).toBe('position:asc');
    expect(body).toMatchObject({ start: 0, size: 50 });
    expect(JSON.stringify(body.filter)).not.toContain('stock');
  });

  it('maps Latest, price low→high and high→low', () => {
    expect(listingQuery.categoryListingBody({ categoryId: 1, sort: 'latest' }, 50).sort).toBe('updated_at:desc');
    expect(listingQuery.categoryListingBody({ categoryId: 1, sort: 'price_asc' }, 50).sort).toBe('final_price:asc');
    expect(listingQuery.categoryListingBody({ categoryId: 1, sort: 'price_desc' }, 50).sort).toBe('final_price:desc');
  });

  it('reads attribute filters and paging from the route query', () => {
    const body = listingQuery.categoryListingBody(
      { categoryId: 21, filters: { color: ['49', '50'], size: [] }, page: 3, size: 24 },
      50,
    );
    expect(body.filter!.color).toEqual({ in: ['49', '50'] });
    expect(body.filter!.size).toBeUndefined();
    expect(body).toMatchObject({ start: 48, size: 24 });
  });

  it('price buckets 0-50, 50-100, 100-150, 150+ become ranges on the final price', () => {
    expect(listingQuery.priceFilter(['0-50'])).toEqual({ gte: 0, lt: 50 });
    expect(listingQuery.priceFilter(['50-100', '100-150'])).toEqual({ gte: 50, lt: 150 });
    expect(listingQuery.priceFilter(['150-'])).toEqual({ gte: 150 });
    expect(listingQuery.priceFilter(['150.0-*'])).toEqual({ gte: 150 });
    expect(
      listingQuery.categoryListingBody({ categoryId: 2, filters: { price: ['0-50'] } }, 50).filter!.final_price,
    ).toEqual({
      gte: 0,
      lt: 50,
    });
  });

  it('spec 001 §5: search page size at most 0 becomes 50 and start below 0 becomes 0', () => {
    expect(listingQuery.textSearchBody('pak', 0, 0)).toMatchObject({ start: 0, size: 50, text: 'pak' });
  });

  it('spec 001 §9: a listing page (category and search) holds 50 products', () => {
    expect(listingQuery.PAGE_SIZE).toBe(50);
  });

  it('the results page keeps relevance order by default and narrows by its facets and sort like a category', () => {
    expect(listingQuery.textSearchBody('overhemd', 1, 24).sort).toBeUndefined();
    const body = listingQuery.textSearchBody('overhemd', 2, 24, {
      sort: 'price_asc',
      filters: { color: ['49'], price: ['0-50'] },
    });
    expect(body).toMatchObject({ start: 24, size: 24, sort: 'final_price:asc' });
    expect(body.filter).toEqual({
      ...listingQuery.LISTING_BASE_FILTER,
      color: { in: ['49'] },
      final_price: { gte: 0, lt: 50 },
    });
  });
});
