import { useState } from 'react';
import type { ProductReview, ProductReviewsView } from '../../../worker/api-types.ts';
import { formatDay } from '../../../domain/datetime.ts';
import { t } from '../../lib/i18n/index.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { Loader } from '../../ui/loader.tsx';
import { RatingStars } from '../../ui/rating-stars.tsx';
import { useProductReviews } from './use-product.ts';

function Review({ review }: { review: ProductReview }) {
  return (
    <li className="review">
      <RatingStars rating={review.rating} />
      <h3 className="review-title">{review.title}</h3>
      <p className="review-text">{review.text}</p>
      <p className="muted review-by">
        {review.author} · <time dateTime={review.date}>{formatDay(review.date)}</time>
      </p>
    </li>
  );
}

/**
 * A product's reviews, newest first, a page at a time (`productReviews` of the worker, kept on the device for an
 * offline revisit). Mounted when the review modal opens.
 */
export function ReviewList({ sku }: { sku: string }) {
  const first = useProductReviews(sku);
  const [later, setLater] = useState<ProductReviewsView[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (first.status === 'loading') return <Loader />;
  if (first.status === 'error') {
    return (
      <LoadFailed
        message={t('The reviews cannot be loaded. Check your connection and try again.')}
        onRetry={first.reload}
      />
    );
  }
  const pages = [first.data, ...later];
  const last = pages[pages.length - 1]!;
  const loadMore = () => {
    setLoading(true);
    setFailed(false);
    shop()
      .productReviews(sku, last.offset + last.reviews.length)
      .then(
        (page) => setLater((shown) => [...shown, page]),
        () => setFailed(true),
      )
      .finally(() => setLoading(false));
  };
  if (first.data.count === 0) return <p>{t('No reviews yet')}</p>;
  return (
    <>
      {pages.some((p) => p.offline) ? (
        <p className="muted">{t('Saved on this device on your last visit (offline)')}</p>
      ) : null}
      <ul className="review-list">{pages.flatMap((p) => p.reviews.map((r) => <Review key={r.id} review={r} />))}</ul>
      {failed ? <p role="alert">{t('The reviews cannot be loaded. Check your connection and try again.')}</p> : null}
      {last.hasMore ? (
        <Button variant="secondary" onClick={loadMore} aria-busy={loading || undefined} disabled={loading}>
          {t('More reviews')}
        </Button>
      ) : null}
    </>
  );
}
