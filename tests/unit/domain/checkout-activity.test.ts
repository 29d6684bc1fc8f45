import { describe, expect, it } from 'vitest';
import { CHECKOUT_ACTIVITY_WINDOW_MS, isInCheckout } from '../../../domain/checkout-activity.ts';

describe('checkout activity window (spec 000 §4, §9)', () => {
  it('the user counts as in checkout if the last modification was within 30 minutes', () => {
    const saved = Date.UTC(2026, 10, 23, 12, 0);
    expect(CHECKOUT_ACTIVITY_WINDOW_MS).toBe(30 * 60 * 1000);
    expect(isInCheckout(saved, saved)).toBe(true);
    expect(isInCheckout(saved, saved + 29 * 60_000)).toBe(true);
    expect(isInCheckout(saved, saved + 30 * 60_000)).toBe(false);
    expect(isInCheckout(0, saved)).toBe(false);
  });
});
