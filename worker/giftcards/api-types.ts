import type { Cents } from '../../domain/money.ts';

/** A gift card's balance as the shopper may see it: the masked number ("•••• 0011") and what is left on it. */
export interface GiftCardBalanceView {
  number: string;
  balanceCents: Cents;
}

export type GiftCardBalanceResult = { ok: true; card: GiftCardBalanceView } | { ok: false; messageKey: string };

export interface GiftCardsApi {
  /** The balance check of /cadeaubonnen (spec 001 §1): online only, never queued; the server's Dutch reason when refused. */
  giftCardBalance(number: string, pin: string): Promise<GiftCardBalanceResult>;
}
