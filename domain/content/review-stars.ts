/** Spec 001 §9: the review widget shows 5 stars, in half steps of the rating (out of 10) divided by 2. */
export const RATING_STARS = 5;

/** Stars for a rating out of 10, rounded to the nearest half star: 8.9 → 4.5, 8.4 → 4, anything else clamped. */
export function starsOf(ratingOutOf10: number): number {
  if (!Number.isFinite(ratingOutOf10)) return 0;
  const stars = Math.round(ratingOutOf10) / 2;
  return Math.min(RATING_STARS, Math.max(0, stars));
}
