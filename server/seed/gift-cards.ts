import type { Queryable } from '../db/index.ts';
import { hashPin } from '../giftcards/gift-cards.ts';

/**
 * The seeded gift cards (spec 001 §1): number, PIN and balance, for the balance check on /cadeaubonnen, the checkout
 * and the tests (docs/checkout-and-orders.md "Gift cards" lists them).
 */
export const SEEDED_GIFT_CARDS = [
  { number: '6277101000000011', pin: '1234', balanceCents: 5000 },
  { number: '6277101000000029', pin: '4321', balanceCents: 2500 },
  { number: '6277101000000037', pin: '2468', balanceCents: 10000 },
  { number: '6277101000000045', pin: '1357', balanceCents: 0 },
] as const;

export async function seedGiftCards(q: Queryable): Promise<void> {
  for (const card of SEEDED_GIFT_CARDS) {
    await q.query('insert into gift_cards (card_number, pin_hash, balance_cents) values ($1, $2, $3)', [
      card.number,
      await hashPin(card.pin),
      card.balanceCents,
    ]);
  }
}
