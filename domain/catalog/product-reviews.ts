import type { ProductReview, ProductReviews } from '../../contract/product-reviews.ts';

/** One page of a product's reviews as the product page shows it (spec 001 §1 "product reviews"), newest first. */
export interface ProductReviewsView {
  /** Out of 5 with one decimal; null when the product has no reviews. */
  average: number | null;
  count: number;
  offset: number;
  reviews: ProductReview[];
  /** More reviews follow this page (the next starts at `offset + reviews.length`). */
  hasMore: boolean;
  /** Kept on this device from an earlier visit: the network could not answer. */
  offline: boolean;
}

/**
 * The reviews answer as the page shows it. The worker and the server's first paint build it alike, so the page
 * hydrates on the server's rating line and the worker's equal answer renders nothing again
 * (docs/server-rendering.md).
 */
export function reviewsView(answer: ProductReviews, offline: boolean): ProductReviewsView {
  return {
    average: answer.average_rating,
    count: answer.count,
    offset: answer.offset,
    reviews: answer.items,
    hasMore: answer.offset + answer.items.length < answer.count,
    offline,
  };
}
