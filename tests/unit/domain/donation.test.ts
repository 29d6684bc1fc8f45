import { describe, expect, it } from 'vitest';
import {
  DONATION_MAX_CENTS,
  DONATION_MIN_CENTS,
  isValidDonationAmount,
  parseEuroAmount,
} from '../../../domain/donation.ts';
import { formatPrice } from '../../../domain/money.ts';
import { VALIDATION_MESSAGES, VALIDATION_TEXTS_NL } from '../../../domain/validation/messages.ts';

/** Donation amounts (spec 001 §1 "donations (one-off and monthly)"; the bounds are the shop's own). */
describe('donation amount', () => {
  it('accepts whole cents from € 1 to € 10 000 and nothing else', () => {
    expect(isValidDonationAmount(DONATION_MIN_CENTS)).toBeNull();
    expect(isValidDonationAmount(DONATION_MAX_CENTS)).toBeNull();
    for (const bad of [DONATION_MIN_CENTS - 1, DONATION_MAX_CENTS + 1, 250.5, Number.NaN]) {
      expect(isValidDonationAmount(bad)).toBe(VALIDATION_MESSAGES.donationAmount);
    }
  });

  it('the message names the bounds the rule checks', () => {
    const dutch = VALIDATION_TEXTS_NL[VALIDATION_MESSAGES.donationAmount];
    // formatPrice writes '€ 1,00'; the message writes whole euros the Dutch way: '€ 1', '€ 10.000'
    const euros = (cents: number) => formatPrice(cents).replace(/,00$/, '').replace('\u00a0', ' ');
    expect(dutch).toContain(euros(DONATION_MIN_CENTS));
    expect(dutch).toContain(euros(DONATION_MAX_CENTS));
  });

  it('reads a typed amount in euros with a comma or a point', () => {
    expect(parseEuroAmount('12')).toBe(1200);
    expect(parseEuroAmount(' 12,5 ')).toBe(1250);
    expect(parseEuroAmount('12.05')).toBe(1205);
    for (const bad of ['', 'twaalf', '12,345', '-5', '1e3']) expect(parseEuroAmount(bad)).toBeNull();
  });
});
