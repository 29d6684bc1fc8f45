/**
 * Donations area contract: spec 001 §3 "Donation: payment methods list, and a donation record fetched by hash key",
 * §5 "Donation … successes require code 200", §7 donation calls, §8 "Donation errors show the server message as an
 * error notification with OK". Online only: a donation is paid on the payment page, which needs the network.
 */
import type { DonationInput, DonationPaymentMethod, DonationRecord } from '../../contract/donation.ts';

export type { DonationInput, DonationPaymentMethod, DonationRecord } from '../../contract/donation.ts';

/** Created: where the browser goes to pay. Refused: the server's message, already shown as an error with OK. */
export type DonationCreated = { ok: true; redirectUrl: string } | { ok: false; messageKey: string };

/** A donation read back by hash key, or why not: unknown key (`not-found`) or no answer (`offline`). */
export type DonationLookup = { ok: true; donation: DonationRecord } | { ok: false; reason: 'not-found' | 'offline' };

export interface DonationApi {
  /** The donation payment methods; null when they could not be read (offline, or not code 200). */
  donationPaymentMethods(): Promise<DonationPaymentMethod[] | null>;
  createDonation(donation: DonationInput): Promise<DonationCreated>;
  donationByHash(hashKey: string): Promise<DonationLookup>;
}
