import { describe, expect, it } from 'vitest';
import type { ProductReviews } from '../../../../contract/product-reviews.ts';
import { reviewsView } from '../../../../domain/catalog/product-reviews.ts';

const review = (id: number) => ({
  id,
  rating: 4,
  author: 'Jan',
  date: '2026-01-02',
  title: 'Goed',
  text: `tekst ${id}`,
});
const answer = (offset: number, items: number, count: number): ProductReviews => ({
  sku: 'P-1',
  average_rating: count ? 4.3 : null,
  count,
  offset,
  size: 10,
  items: Array.from({ length: items }, (_, i) => review(offset + i + 1)),
});

describe('the reviews page a product page shows (spec 001 §1 "product reviews")', () => {
  it('carries the average, count and page, and says more follow while the server has more', () => {
    expect(reviewsView(answer(0, 10, 14), false)).toEqual({
      average: 4.3,
      count: 14,
      offset: 0,
      reviews: answer(0, 10, 14).items,
      hasMore: true,
      offline: false,
    });
    expect(reviewsView(answer(10, 4, 14), true)).toMatchObject({ offset: 10, hasMore: false, offline: true });
  });

  it('a product without reviews has no average and nothing more', () => {
    expect(reviewsView(answer(0, 0, 0), false)).toMatchObject({ average: null, count: 0, hasMore: false });
  });
});
