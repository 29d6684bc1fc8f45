import { starsOf } from '../../../domain/content/review-stars.ts';
import { formatDutchNumber } from '../../../domain/dutch-number.ts';
import { cmsText, useStory } from '../../lib/cms-story.ts';
import { t } from '../../lib/i18n/index.ts';
import { RatingStars } from '../../ui/rating-stars.tsx';

/** A score out of 10 with one decimal: '8,9'. */
const score = (value: number) => formatDutchNumber(value, 1, 1);

/**
 * The review-score widget (spec 001 §1, §3 "Review-score data"): the review service's average out of 10 as stars,
 * the number of reviews and the share that recommends the shop, linking to the reviews and the review form. The
 * service's answer is the global block `global/review-score` (docs/content.md).
 */
export function ReviewScore() {
  const story = useStory('global/review-score');
  const c = story.data?.content;
  const rating = Number(c?.averageRating);
  if (!c || !Number.isFinite(rating)) return null;
  const count = Number(c.numberReviews);
  const recommend = Number(c.percentageRecommendation);
  const recent = Number(c.last12MonthsAverageRating);
  const viewUrl = cmsText(c.viewReviewUrl);
  const createUrl = cmsText(c.createReviewUrl);
  const label = t('{name} is rated {rating} out of 10', {
    name: cmsText(c.locationName) ?? 'OFM',
    rating: score(rating),
  });
  return (
    <section className="review-score" aria-label={t('Reviews')}>
      <p>
        <RatingStars rating={starsOf(rating)} label={label} /> <strong>{score(rating)}</strong>
        {Number.isFinite(count) ? ` · ${t('{count} reviews', { count: formatDutchNumber(count, 0, 0) })}` : null}
      </p>
      {Number.isFinite(recommend) ? <p>{t('{percent}% recommend us', { percent: recommend })}</p> : null}
      {Number.isFinite(recent) ? (
        <p className="muted">{t('Last 12 months: {rating}', { rating: score(recent) })}</p>
      ) : null}
      <p className="review-links">
        {viewUrl ? (
          <a href={viewUrl} target="_blank" rel="noopener noreferrer">
            {t('Read the reviews')}
          </a>
        ) : null}
        {createUrl ? (
          <a href={createUrl} target="_blank" rel="noopener noreferrer">
            {t('Write a review')}
          </a>
        ) : null}
      </p>
    </section>
  );
}
