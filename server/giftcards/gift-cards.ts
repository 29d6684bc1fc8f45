import type { Database, Queryable } from '../db/index.ts';
import { HttpError, badRequest } from '../http/envelope.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { reserveLoginAttempt, settleLoginAttempt } from '../auth/login-throttle.ts';
import { formatPrice } from '../../domain/money.ts';
import { giftCardShare } from '../../domain/cart/totals-rule.ts';

/** Texts the gift card calls answer with (Dutch: the shopper sees them). */
export const GIFT_CARD_MESSAGES = {
  numberFormat: 'body.number: een cadeaukaartnummer bestaat uit 16 cijfers',
  pinFormat: 'body.pin: een pincode bestaat uit 4 cijfers',
  /** The same answer for an unknown number and a wrong PIN, so guessing learns nothing about which cards exist. */
  wrong: 'Dit cadeaukaartnummer en deze pincode horen niet bij elkaar.',
  expired: 'Deze cadeaukaart is verlopen.',
  empty: 'Er staat geen saldo meer op deze cadeaukaart.',
  noCard: 'Vul eerst het nummer en de pincode van je cadeaukaart in.',
  restNeedsMethod: 'Je cadeaukaart betaalt niet de hele bestelling: kies een betaalmethode voor de rest.',
  tooMany: 'Te veel verkeerde pincodes. Probeer het over 15 minuten opnieuw.',
  /** The order wanted more than the card still holds: another order spent it meanwhile. */
  spentMeanwhile: (left: number) =>
    `Het saldo van je cadeaukaart is intussen gebruikt (nog ${formatPrice(left)}). Controleer je bestelling en probeer het opnieuw.`,
} as const;

/** The payment method code of the seeded "Cadeaukaart": alone only when the card pays the whole order. */
export const GIFT_CARD_METHOD = 'giftcard';

/** A card number as the shopper types it ("6277 1010 0000 0011"): spaces and dashes do not count. */
export function normaliseCardNumber(raw: unknown): string {
  const number = typeof raw === 'string' ? raw.replace(/[\s-]/g, '') : '';
  if (!/^\d{16}$/.test(number)) throw badRequest(GIFT_CARD_MESSAGES.numberFormat);
  return number;
}

export function normalisePin(raw: unknown): string {
  const pin = typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{4}$/.test(pin)) throw badRequest(GIFT_CARD_MESSAGES.pinFormat);
  return pin;
}

/** "•••• 0011": the only part of a number the shop shows back. */
export function maskCardNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

interface GiftCardRow {
  id: number;
  card_number: string;
  pin_hash: string;
  balance_cents: number;
  expires_at: Date | null;
}

export interface CheckedGiftCard {
  id: number;
  number: string;
  balanceCents: number;
}

/**
 * The card with this number and PIN, throttled like the login (server/users/login-throttle.ts): the card number
 * counts as the account and the caller's address as the address, so five wrong PINs for one card (or twenty from one
 * address) in 15 minutes answer 429 before a PIN is even compared. An unknown number and a wrong PIN answer alike.
 */
export async function checkGiftCard(
  db: Database,
  input: { number: unknown; pin: unknown },
  ip: string,
  now: Date,
): Promise<CheckedGiftCard> {
  const number = normaliseCardNumber(input.number);
  const pin = normalisePin(input.pin);
  const reservation = await reserveLoginAttempt(db, `giftcard:${number}`, ip, now);
  if (!reservation) throw new HttpError(429, GIFT_CARD_MESSAGES.tooMany);
  const { rows } = await db.query<GiftCardRow>(
    'select id, card_number, pin_hash, balance_cents, expires_at from gift_cards where card_number = $1',
    [number],
  );
  const card = rows[0];
  const valid = card ? await verifyPassword(pin, card.pin_hash) : false;
  await settleLoginAttempt(db, reservation, valid ? 'withdrawn' : 'failed', now);
  if (!card || !valid) throw new HttpError(400, GIFT_CARD_MESSAGES.wrong);
  if (card.expires_at && new Date(card.expires_at).getTime() < now.getTime())
    throw new HttpError(400, GIFT_CARD_MESSAGES.expired);
  return { id: card.id, number: card.card_number, balanceCents: card.balance_cents };
}

/** The card a cart holds, with its balance now; null when none. */
export async function cartGiftCard(
  db: Queryable,
  cartPk: number,
): Promise<{ id: number; number: string; balanceCents: number; seenBalanceCents: number } | null> {
  const { rows } = await db.query<{
    id: number;
    card_number: string;
    balance_cents: number;
    seen_balance_cents: number;
  }>(
    `select g.id, g.card_number, g.balance_cents, c.seen_balance_cents
       from cart_gift_cards c join gift_cards g on g.id = c.gift_card_id where c.cart_pk = $1`,
    [cartPk],
  );
  const row = rows[0];
  return row
    ? { id: row.id, number: row.card_number, balanceCents: row.balance_cents, seenBalanceCents: row.seen_balance_cents }
    : null;
}

export async function attachGiftCard(db: Queryable, cartPk: number, card: CheckedGiftCard): Promise<void> {
  await db.query(
    `insert into cart_gift_cards (cart_pk, gift_card_id, seen_balance_cents) values ($1, $2, $3)
     on conflict (cart_pk) do update set gift_card_id = excluded.gift_card_id,
                                         seen_balance_cents = excluded.seen_balance_cents`,
    [cartPk, card.id, card.balanceCents],
  );
}

export async function detachGiftCard(db: Queryable, cartPk: number): Promise<void> {
  await db.query('delete from cart_gift_cards where cart_pk = $1', [cartPk]);
}

/** What the card pays of a total: the one rule every screen draws too. */
export { giftCardShare };

/**
 * Spends the cart's card on the order inside the order's transaction, exactly once: the guarded update takes the
 * amount only while the card still holds it, so of two orders spending one card at the same moment one gets it and
 * the other is refused with a 409 (its transaction, order included, rolls back). The amount is what the checkout
 * showed (the balance when the card was applied, at most the total), never a smaller leftover the shopper did not see.
 * Answers the amount paid by the card.
 */
export async function redeemCartGiftCard(
  tx: Queryable,
  cartPk: number,
  orderPk: number,
  grandTotalCents: number,
): Promise<number> {
  const card = await cartGiftCard(tx, cartPk);
  if (!card) return 0;
  // what the checkout showed the card paying (its balance when applied); less left now is another order's doing
  const amount = giftCardShare(card.seenBalanceCents, grandTotalCents);
  if (amount === 0) return 0;
  const { rows } = await tx.query<{ balance_cents: number }>(
    `update gift_cards set balance_cents = balance_cents - $2 where id = $1 and balance_cents >= $2
     returning balance_cents`,
    [card.id, amount],
  );
  if (rows.length === 0) {
    const { rows: left } = await tx.query<{ balance_cents: number }>(
      'select balance_cents from gift_cards where id = $1',
      [card.id],
    );
    throw new HttpError(409, GIFT_CARD_MESSAGES.spentMeanwhile(left[0]?.balance_cents ?? 0));
  }
  await tx.query('insert into gift_card_redemptions (gift_card_id, order_pk, amount_cents) values ($1, $2, $3)', [
    card.id,
    orderPk,
    amount,
  ]);
  return amount;
}

/** A cancelled order gives its card back what it took, once. */
export async function refundGiftCardRedemption(tx: Queryable, orderPk: number): Promise<void> {
  const { rows } = await tx.query<{ gift_card_id: number; amount_cents: number }>(
    `update gift_card_redemptions set refunded_at = now() where order_pk = $1 and refunded_at is null
     returning gift_card_id, amount_cents`,
    [orderPk],
  );
  for (const r of rows)
    await tx.query('update gift_cards set balance_cents = balance_cents + $2 where id = $1', [
      r.gift_card_id,
      r.amount_cents,
    ]);
}

/** What an order's card paid (0 without one): the payment page and order views show it. */
export async function orderGiftCardCents(db: Queryable, orderPk: number): Promise<number> {
  const { rows } = await db.query<{ amount_cents: number }>(
    'select amount_cents from gift_card_redemptions where order_pk = $1 and refunded_at is null',
    [orderPk],
  );
  return rows[0]?.amount_cents ?? 0;
}

export async function hashPin(pin: string): Promise<string> {
  return hashPassword(pin);
}
