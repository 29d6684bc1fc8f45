import { describe, expect, it } from 'vitest';
import { RATING_STARS, starsOf } from '../../../../domain/content/review-stars.ts';

describe('starsOf (spec 001 §9 "Rating stars 5, half steps from rating divided by 2")', () => {
  it('halves the rating out of 10 in half-star steps', () => {
    expect(starsOf(8.9)).toBe(4.5);
    expect(starsOf(8.4)).toBe(4);
    expect(starsOf(10)).toBe(RATING_STARS);
    expect(starsOf(1.2)).toBe(0.5);
  });

  it('stays within 0 and 5 stars, and a missing rating is no stars', () => {
    expect(starsOf(11)).toBe(5);
    expect(starsOf(-3)).toBe(0);
    expect(starsOf(Number.NaN)).toBe(0);
  });
});
