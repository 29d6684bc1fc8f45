import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import { addItem, newGuestCart, pickupOrderBody, placeOrder, query, useCheckoutServer } from '../cart/cart-fixtures.ts';
import { hashPin } from '../../../server/giftcards/gift-cards.ts';
import { SEEDED_GIFT_CARDS } from '../../../server/seed/gift-cards.ts';

/**
 * Gift cards (spec 001 §1; docs/checkout-and-orders.md "Gift cards"): the balance check, a card on a cart paying
 * part of an order, spent exactly once however many orders race for it (CI runs this on PostgreSQL too), given back
 * when the order is cancelled, and wrong PINs throttled like the login.
 */
let server: TestServer;

useCheckoutServer({ products: 4 }, [{ id: 994001, sku: 'G-JAS', priceCents: 10000, stock: { qty: 500 } }], (s) => {
  server = s;
});

let next = 0;
/** A card of the test's own (16 digits, PIN 2580), so the cases never share a balance or a throttle. */
async function newCard(balanceCents: number): Promise<string> {
  next += 1;
  const number = `5555000000${String(next).padStart(6, '0')}`;
  await server.db.query('insert into gift_cards (card_number, pin_hash, balance_cents) values ($1, $2, $3)', [
    number,
    await hashPin('2580'),
    balanceCents,
  ]);
  return number;
}

const balance = async (number: string) =>
  (
    await server.db.query<{ balance_cents: number }>('select balance_cents from gift_cards where card_number = $1', [
      number,
    ])
  ).rows[0]!.balance_cents;

async function cartWithCard(number: string): Promise<string> {
  const cartId = await newGuestCart(server);
  await addItem(server, cartId, 'G-JAS', 1);
  const applied = await api(server, 'POST', `/api/ext/shop/cart/apply-giftcard${query({ cartId })}`, {
    number,
    pin: '2580',
  });
  expect(applied.status).toBe(200);
  return cartId;
}

describe('gift cards', () => {
  it('the balance check answers a seeded card by number and PIN, the number masked', async () => {
    const card = SEEDED_GIFT_CARDS[0];
    const res = await api(server, 'POST', '/api/ext/shop/giftcard/balance', {
      number: card.number.replace(/(\d{4})/g, '$1 ').trim(),
      pin: card.pin,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ number: `•••• ${card.number.slice(-4)}`, balance: card.balanceCents / 100 });
  });

  it('bad input is a 400 naming the field; an unknown number and a wrong PIN answer alike', async () => {
    const bad = await api(server, 'POST', '/api/ext/shop/giftcard/balance', { number: '12ab', pin: '1234' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.result)).toContain('body.number');
    const noPin = await api(server, 'POST', '/api/ext/shop/giftcard/balance', { number: '6277101000000011' });
    expect(noPin.status).toBe(400);
    expect(String(noPin.body.result)).toContain('pin');
    const number = await newCard(1000);
    const wrong = await api(server, 'POST', '/api/ext/shop/giftcard/balance', { number, pin: '0000' });
    const unknown = await api(server, 'POST', '/api/ext/shop/giftcard/balance', {
      number: '9999999999999999',
      pin: '2580',
    });
    expect(wrong.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('five wrong PINs for a card lock it for the window: the right PIN then gets 429 too', async () => {
    const number = await newCard(1000);
    for (let i = 0; i < 5; i++) {
      const res = await api(server, 'POST', '/api/ext/shop/giftcard/balance', { number, pin: `000${i}` });
      expect(res.status).toBe(400);
    }
    const locked = await api(server, 'POST', '/api/ext/shop/giftcard/balance', { number, pin: '2580' });
    expect(locked.status).toBe(429);
  });

  it('on a cart the card pays part of the total; the order pays the rest and the card is spent', async () => {
    const number = await newCard(3000);
    const cartId = await cartWithCard(number);
    const totals = await api<{ grand_total: number; extension_attributes: Record<string, unknown> }>(
      server,
      'GET',
      `/api/ext/shop/cart/totals${query({ cartId })}`,
    );
    expect(totals.body.result.extension_attributes).toMatchObject({
      gift_card: { number: `•••• ${number.slice(-4)}`, amount: 30 },
      amount_to_pay: totals.body.result.grand_total - 30,
    });
    const placed = await placeOrder(server, pickupOrderBody(cartId, 'G-JAS'));
    expect(placed.status).toBe(200);
    const { rows } = await server.db.query<{ amount_cents: number; grand_total_cents: number }>(
      `select p.amount_cents, o.grand_total_cents from payments p join orders o on o.id = p.order_pk
        where o.order_id = $1`,
      [placed.body.result.order_id],
    );
    expect(rows[0]!.amount_cents).toBe(rows[0]!.grand_total_cents - 3000);
    expect(await balance(number)).toBe(0);
  });

  it('two orders spending one card at the same moment: one gets it, the other is refused and nothing is stored', async () => {
    const number = await newCard(8000);
    const carts = [await cartWithCard(number), await cartWithCard(number)];
    const answers = await Promise.all(carts.map((cartId) => placeOrder(server, pickupOrderBody(cartId, 'G-JAS'))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(String(refused.body.result)).toContain('cadeaukaart');
    expect(await balance(number)).toBe(0);
    const { rows } = await server.db.query<{ n: number; paid: number }>(
      `select count(*)::int as n, coalesce(sum(r.amount_cents), 0)::int as paid
         from gift_card_redemptions r join gift_cards g on g.id = r.gift_card_id where g.card_number = $1`,
      [number],
    );
    expect(rows[0]).toEqual({ n: 1, paid: 8000 });
    const orders = await server.db.query<{ n: number }>(
      'select count(*)::int as n from orders where order_id = any($1::text[])',
      [answers.map((a, i) => (a.status === 200 ? a.body.result.order_id : `none-${i}`))],
    );
    expect(orders.rows[0]!.n).toBe(1);
  });

  it('a cancelled order gives the card back what it took, once, and mails the cancellation instead of a thank-you', async () => {
    const number = await newCard(2000);
    const cartId = await cartWithCard(number);
    const placed = await placeOrder(server, { ...pickupOrderBody(cartId, 'G-JAS'), email: 'annuleer@example.nl' });
    expect(placed.status).toBe(200);
    expect(await balance(number)).toBe(0);
    const pay = placed.body.result.payment.redirect_url;
    const mails = async () =>
      (
        await server.db.query<{ subject: string; body: string }>(
          `select subject, body from outbox_emails where body like $1`,
          [`%Bestelnummer: ${placed.body.result.increment_id}%`],
        )
      ).rows.filter((m) => m.body.split('\n').includes(`Bestelnummer: ${placed.body.result.increment_id}`));
    expect(await mails()).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.baseUrl}${pay}/cancel`, { method: 'POST', redirect: 'manual' });
      expect(res.status === 303 || res.status === 404).toBe(true);
    }
    expect(await balance(number)).toBe(2000);
    const sent = await mails();
    // the earlier orders' mails do not name this number: only this order's cancellation
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('geannuleerd');
  });

  it('a paid order mails "Bedankt voor je bestelling!" once it is paid, not before', async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'G-JAS', 1);
    const placed = await placeOrder(server, pickupOrderBody(cartId, 'G-JAS'));
    const count = async () =>
      (
        await server.db.query<{ n: number }>(`select count(*)::int as n from outbox_emails where body like $1`, [
          `%Bestelnummer: ${placed.body.result.increment_id}%`,
        ])
      ).rows[0]!.n;
    expect(await count()).toBe(0);
    await fetch(`${server.baseUrl}${placed.body.result.payment.redirect_url}/complete`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(await count()).toBe(1);
  });
});
