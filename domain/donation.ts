import type { Cents } from './money.ts';
import { VALIDATION_MESSAGES, type ValidationResult } from './validation/messages.ts';

/**
 * Donations (spec 001 §1 "donations (one-off and monthly)", §3 "Donation"). The spec names no amounts; these bounds
 * are the shop's own, and the message `donationAmount` spells them out (tests/unit/domain/donation.test.ts keeps
 * the two together).
 */
export const DONATION_FREQUENCIES = ['once', 'monthly'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

/** € 1: below this a card or iDEAL fee eats the gift. */
export const DONATION_MIN_CENTS: Cents = 100;
/** € 10 000: above this a donation is a conversation with the foundation, not a web form. */
export const DONATION_MAX_CENTS: Cents = 1_000_000;

export type DonationStatus = 'pending' | 'paid' | 'cancelled';

/** A whole number of cents within the bounds, or the message key that says so. */
export function isValidDonationAmount(cents: number): ValidationResult {
  return Number.isInteger(cents) && cents >= DONATION_MIN_CENTS && cents <= DONATION_MAX_CENTS
    ? null
    : VALIDATION_MESSAGES.donationAmount;
}

/**
 * A free amount as typed ("12", "12,50", "12.5") to cents; null when it is not an amount of euros with at most two
 * decimals. Bounds are checked separately (`isValidDonationAmount`).
 */
export function parseEuroAmount(text: string): Cents | null {
  const match = /^\s*(\d{1,7})(?:[,.](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
