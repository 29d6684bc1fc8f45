import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import {
  addItem,
  makeCustomer,
  newGuestCart,
  pickupOrderBody,
  placeOrder,
  query,
  useCheckoutServer,
} from '../cart/cart-fixtures.ts';

/**
 * What an order claims — its cart, a single-use coupon, its order_id — is claimed once, however many orders race for
 * it (spec 000 §7 "Orders": exactly once per order_id; a cart ends with its order).
 */
let server: TestServer;

const orderBody = (cartId: string | null) => pickupOrderBody(cartId, 'C-JAS');

/** A customer with a personal single-use coupon (15 %) applied to their cart holding one C-JAS (€ 100). */
async function customerWithCouponCart(code: string) {
  const customer = await makeCustomer(server.db);
  await server.db.query(
    `insert into coupons (code, description, discount_type, discount_value, min_subtotal_cents, customer_id)
     values ($1, 'persoonlijk', 'percent', 15, 0, $2)`,
    [code, customer.customerId],
  );
  await server.db.query('insert into customer_coupons (customer_id, coupon_code) values ($1, $2)', [
    customer.customerId,
    code,
  ]);
  const cartId = (await api<string>(server, 'POST', `/api/ext/shop/cart/create${query({ token: customer.token })}`))
    .body.result;
  await addItem(server, cartId, 'C-JAS', 1, {}, customer.token);
  const applied = await api(
    server,
    'POST',
    `/api/ext/shop/cart/apply-coupon${query({ cartId, token: customer.token, coupon: code })}`,
  );
  expect(applied.status).toBe(200);
  return { ...customer, cartId };
}

useCheckoutServer(
  { products: 4 },
  [{ id: 993001, sku: 'C-JAS', priceCents: 10000, stock: { qty: 500 } }],
  (started) => {
    server = started;
  },
);

describe('one order per cart, one discount per single-use coupon', () => {
  it('16 parallel orders for one cart with a single-use coupon: one order, one discount, the rest 409', async () => {
    const customer = await customerWithCouponCart('EENMALIG-16');
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => placeOrder(server, orderBody(customer.cartId), customer.token)),
    );
    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(1);
    expect(placed[0].body.result.grand_total).toBe(85);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: 409, result: 'Deze winkelwagen is al besteld' });
    }
    const { rows } = await server.db.query<{ n: number; discounted: number }>(
      `select count(*)::int as n, count(*) filter (where discount_cents > 0)::int as discounted
         from orders where customer_id = $1`,
      [customer.customerId],
    );
    expect(rows[0]).toEqual({ n: 1, discounted: 1 });
  });

  it('a cart an earlier order closed takes no second order', async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'C-JAS', 1);
    expect((await placeOrder(server, orderBody(cartId))).status).toBe(200);
    const second = await placeOrder(server, orderBody(cartId));
    expect(second.status).toBe(409);
    expect(second.body.result).toBe('Deze winkelwagen is al besteld');
  });

  it('a single-use coupon claimed by orders on two carts at once discounts one of them', async () => {
    const customer = await customerWithCouponCart('EENMALIG-2');
    // A second cart holding the same coupon: a guest cart the customer orders from (one active cart per customer).
    const { rows } = await server.db.query<{ cart_id: string }>(
      `insert into carts (cart_id, customer_id, store_code, is_active, coupon_code)
       select $1, null, store_code, true, coupon_code from carts where cart_id = $2 returning cart_id`,
      [`tweede-${randomUUID()}`, customer.cartId],
    );
    const answers = await Promise.all(
      [customer.cartId, rows[0].cart_id, customer.cartId, rows[0].cart_id].map((cartId) =>
        placeOrder(server, orderBody(cartId), customer.token),
      ),
    );
    const totals = answers
      .filter((a) => a.status === 200)
      .map((a) => a.body.result.grand_total)
      .sort((a, b) => a - b);
    expect(totals).toEqual([85, 100]);
    const used = await server.db.query<{ used_at: Date | null }>(
      'select used_at from customer_coupons where customer_id = $1',
      [customer.customerId],
    );
    expect(used.rows[0].used_at).not.toBeNull();
  });
});

describe('a repeated order_id answers only its owner (spec 000 §7 "Orders")', () => {
  it("another customer posting a customer's order_id gets a 409 and learns nothing", async () => {
    const owner = await makeCustomer(server.db);
    const body = orderBody(null);
    const first = await placeOrder(server, body, owner.token);
    expect(first.status).toBe(200);
    expect((await placeOrder(server, body, owner.token)).body.result).toEqual(first.body.result);

    const other = await makeCustomer(server.db);
    for (const attempt of [await placeOrder(server, body, other.token), await placeOrder(server, body)]) {
      expect(attempt.status).toBe(409);
      expect(attempt.body).toEqual({ code: 409, result: 'Deze bestelling hoort bij een andere klant' });
      expect(JSON.stringify(attempt.body)).not.toContain(first.body.result.increment_id);
    }
  });

  it("a guest order's repeat answers only with the same guest cart", async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'C-JAS', 1);
    const body = orderBody(cartId);
    const first = await placeOrder(server, body);
    expect(first.status).toBe(200);
    expect((await placeOrder(server, body)).body.result).toEqual(first.body.result);

    const otherCart = await newGuestCart(server);
    const stranger = await makeCustomer(server.db);
    for (const attempt of [
      await placeOrder(server, { ...body, cart_id: otherCart }),
      await placeOrder(server, { ...body, cart_id: null }),
      await placeOrder(server, { ...body, cart_id: otherCart }, stranger.token),
    ]) {
      expect(attempt.status).toBe(409);
      expect(JSON.stringify(attempt.body)).not.toContain(first.body.result.payment.redirect_url);
    }
  });

  it('concurrent posts of one order_id by its owner and a stranger: the stranger never gets the result', async () => {
    const owner = await makeCustomer(server.db);
    const stranger = await makeCustomer(server.db);
    const body = orderBody(null);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => placeOrder(server, body, i % 2 === 0 ? owner.token : stranger.token)),
    );
    const byOwner = answers.filter((_, i) => i % 2 === 0);
    const byStranger = answers.filter((_, i) => i % 2 === 1);
    const ownerResults = byOwner.filter((a) => a.status === 200).map((a) => a.body.result.increment_id);
    // The stranger may have been first; then the owner is the one refused and no owner answer is a 200.
    const { rows } = await server.db.query<{ customer_id: number }>(
      'select customer_id from orders where order_id = $1',
      [body.order_id],
    );
    expect(rows).toHaveLength(1);
    const winner = rows[0].customer_id === owner.customerId ? byOwner : byStranger;
    const loser = winner === byOwner ? byStranger : byOwner;
    expect(winner.every((a) => a.status === 200)).toBe(true);
    expect(loser.every((a) => a.status === 409)).toBe(true);
    expect(new Set(winner.map((a) => a.body.result.increment_id)).size).toBe(1);
    expect(ownerResults.length === 0 || ownerResults.length === 4).toBe(true);
  });
});
