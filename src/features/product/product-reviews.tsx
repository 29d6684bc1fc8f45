import { formatDutchNumber } from '../../../domain/dutch-number.ts';
import { t } from '../../lib/i18n/index.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { Button } from '../../ui/button.tsx';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import { Loader } from '../../ui/loader.tsx';
import { Modal } from '../../ui/modal.tsx';
import { RatingStars } from '../../ui/rating-stars.tsx';
import { useProductReviews } from './use-product.ts';

// The list loads with the modal's first open (src/ui/lazy-panel.tsx).
const ReviewList = lazyPanel(() => import('./review-list.tsx').then((m) => m.ReviewList), <Loader />);

/**
 * The review modal (spec 001 §2 "Modals that can be opened by name: review"): the product's reviews, newest first,
 * with a page more on request; the modal host draws it for `openModal('review', { sku, name })`.
 */
export function ReviewModal({ open, onClose, payload: { sku, name } }: ModalProps<'review'>) {
  return (
    <Modal open={open} title={t('Reviews of {name}', { name })} onClose={onClose}>
      {open ? <ReviewList sku={sku} /> : null}
    </Modal>
  );
}

/**
 * The product page's rating line (spec 001 §1 "product reviews"): the average out of 5 as stars and number, the
 * count, and the button that opens the reviews. Its height is kept while it loads, so nothing below it moves.
 */
export function ReviewSummary({ sku, onOpen }: { sku: string; onOpen: () => void }) {
  const reviews = useProductReviews(sku);
  const data = reviews.data;
  if (!data) return <p className="product-rating" aria-busy={reviews.status === 'loading' || undefined} />;
  if (data.count === 0 || data.average === null) {
    return <p className="product-rating muted">{t('No reviews yet')}</p>;
  }
  const average = formatDutchNumber(data.average, 1, 1);
  return (
    <p className="product-rating">
      <RatingStars rating={data.average} label={t('Rated {rating} out of 5 stars', { rating: average })} />{' '}
      <strong aria-hidden="true">{average}</strong>{' '}
      <Button variant="link" className="product-rating-open" aria-haspopup="dialog" onClick={onOpen}>
        {data.count === 1 ? t('1 review') : t('{count} reviews', { count: data.count })}
      </Button>
    </p>
  );
}
