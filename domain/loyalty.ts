import type { Cents } from './money.ts';

/** Spec 001 §9: 10 points per euro spent, available 14 days after purchase, valid 24 months. */
export const POINTS_PER_EURO = 10;
export const POINTS_AVAILABLE_AFTER_DAYS = 14;
export const POINTS_VALID_MONTHS = 24;
/** Spec 001 §4/§9: silver above € 750 spend, gold above € 1500. */
export const SILVER_ABOVE_CENTS: Cents = 75_000;
export const GOLD_ABOVE_CENTS: Cents = 150_000;

export type LoyaltyLevel = 'bronze' | 'silver' | 'gold';

/** Points for a spend: 10 per whole euro (cents do not earn; a refund of part of a euro cannot take back a point). */
export function pointsForSpend(spendCents: Cents): number {
  if (!Number.isFinite(spendCents) || spendCents <= 0) return 0;
  return Math.floor(spendCents / 100) * POINTS_PER_EURO;
}

/** Level from the spend: bronze; silver strictly above € 750; gold strictly above € 1500 (spec 001 §4). */
export function loyaltyLevel(spendCents: Cents): LoyaltyLevel {
  if (spendCents > GOLD_ABOVE_CENTS) return 'gold';
  if (spendCents > SILVER_ABOVE_CENTS) return 'silver';
  return 'bronze';
}

/** Calendar arithmetic in UTC: adding days keeps the time of day, and no DST hour is gained or lost. */
export function addDays(date: Date, days: number): Date {
  const out = new Date(date.getTime());
  out.setUTCDate(out.getUTCDate() + days);
  return out;
}

/** Adds calendar months; a day that does not exist in the target month is clamped (29 Feb + 24 months → 28 Feb). */
export function addMonths(date: Date, months: number): Date {
  const out = new Date(date.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, lastDay));
  return out;
}

/** Points can be spent 14 days after the purchase (after the return period). */
export function pointsAvailableDate(purchaseDate: Date): Date {
  return addDays(purchaseDate, POINTS_AVAILABLE_AFTER_DAYS);
}

/** Points expire 24 months after the purchase. */
export function pointsExpiryDate(purchaseDate: Date): Date {
  return addMonths(purchaseDate, POINTS_VALID_MONTHS);
}
