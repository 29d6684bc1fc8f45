import { RATING_STARS } from '../../domain/content/review-stars.ts';
import { formatDutchNumber } from '../../domain/dutch-number.ts';
import { t } from '../lib/i18n/index.ts';

/**
 * A rating out of 5 as five stars, each full, half or empty, drawn with text; a screen reader hears the rating
 * ("4,5 van 5 sterren"), not five star characters. `label` replaces that text (the summary's "Gemiddeld …", the
 * footer's review score out of 10).
 */
export function RatingStars({ rating, label, className }: { rating: number; label?: string; className?: string }) {
  const halves = Math.round(rating * 2) / 2;
  const text = label ?? t('{rating} out of 5 stars', { rating: formatDutchNumber(rating, 0, 1) });
  return (
    <span className={`review-stars${className ? ` ${className}` : ''}`} role="img" aria-label={text}>
      {Array.from({ length: RATING_STARS }, (_, i) => (
        <span
          key={i}
          aria-hidden="true"
          className={halves >= i + 1 ? 'star-full' : halves >= i + 0.5 ? 'star-half' : 'star-empty'}
        >
          ★
        </span>
      ))}
    </span>
  );
}
