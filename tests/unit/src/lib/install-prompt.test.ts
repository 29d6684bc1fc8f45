import { describe, expect, test } from 'vitest';
import { answerHolds } from '../../../../src/lib/install-prompt.ts';

/** The install button's memory (docs/offline-and-storage.md "The installable shop (PWA)"): which stored answer keeps the button away. */
describe('the shopper’s answer to the install prompt', () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const daysAgo = (days: number) => `dismissed:${now - days * 24 * 3600 * 1000}`;

  test('no answer yet: the button may show', () => {
    expect(answerHolds(null, now)).toBe(false);
  });

  test('installed: never offered again', () => {
    expect(answerHolds('accepted', now)).toBe(true);
  });

  test('"not now" holds for 90 days, then the button may show again', () => {
    expect(answerHolds(daysAgo(1), now)).toBe(true);
    expect(answerHolds(daysAgo(89), now)).toBe(true);
    expect(answerHolds(daysAgo(91), now)).toBe(false);
  });

  test('an unreadable stored value counts as no answer', () => {
    expect(answerHolds('dismissed:', now)).toBe(false);
    expect(answerHolds('dismissed:soon', now)).toBe(false);
    expect(answerHolds('something else', now)).toBe(false);
  });
});
