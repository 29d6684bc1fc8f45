import { describe, expect, it } from 'vitest';
import * as loyalty from '../../../domain/loyalty.ts';

describe('loyalty (spec 001 §9)', () => {
  it('10 points per euro spent (whole euros)', () => {
    expect(loyalty.pointsForSpend(4995)).toBe(490);
    expect(loyalty.pointsForSpend(10000)).toBe(1000);
    expect(loyalty.pointsForSpend(99)).toBe(0);
    expect(loyalty.pointsForSpend(-500)).toBe(0);
  });

  it('levels: bronze, silver above 750 spend, gold above 1500', () => {
    expect(loyalty.loyaltyLevel(0)).toBe('bronze');
    expect(loyalty.loyaltyLevel(75_000)).toBe('bronze');
    expect(loyalty.loyaltyLevel(75_001)).toBe('silver');
    expect(loyalty.loyaltyLevel(150_000)).toBe('silver');
    expect(loyalty.loyaltyLevel(150_001)).toBe('gold');
  });

  it('points are available 14 days after purchase', () => {
    expect(loyalty.pointsAvailableDate(new Date('2026-03-20T10:00:00Z')).toISOString()).toBe(
      '2026-04-03T10:00:00.000Z',
    );
  });

  it('points are valid 24 months', () => {
    expect(loyalty.pointsExpiryDate(new Date('2026-11-22T09:30:00Z')).toISOString()).toBe('2028-11-22T09:30:00.000Z');
    expect(loyalty.pointsExpiryDate(new Date('2024-02-29T12:00:00Z')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(loyalty.addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});
