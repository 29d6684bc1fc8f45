import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/seed/index.ts';
import { LOGIN_FAILURES_PER_ACCOUNT } from '../../server/auth/config.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts';
import { listenOnLoopback } from '../support/test-server.ts';
import { insertCheckoutFixtures, insertProduct, makeCustomer, pickupOrderBody, query } from './cart/cart-fixtures.ts';
import { STRONG_PASSWORD, USER, uniqueEmail } from './users/users-support.ts';

/**
 * Two identical instances on one PostgreSQL database, as behind a load balancer (docs/operations.md "Running N instances"):
 * nothing a shopper relies on may live in one process. PostgreSQL only — vitest.config.ts registers this file only
 * when DATABASE_URL is set (CI's second API run).
 */
let scratch: ScratchDatabase;
const dbs: Database[] = [];
const apps: FastifyInstance[] = [];
const urls: string[] = [];

async function call<T = unknown>(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { code: number; result: T },
  };
}

const orderBody = (cartId: string | null) => pickupOrderBody(cartId, 'T-JAS');

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.DATABASE_URL!);
  for (let i = 0; i < 2; i++) dbs.push(await openDatabase({ databaseUrl: scratch.url, poolSize: 5 }));
  await seed(dbs[0], { products: 4 });
  await insertProduct(dbs[0], { id: 995001, sku: 'T-JAS', priceCents: 10000, stock: { qty: 500 } });
  await insertProduct(dbs[0], { id: 995002, sku: 'T-SOK', priceCents: 995, stock: { qty: 500 } });
  await insertCheckoutFixtures(dbs[0]);
  for (const db of dbs) {
    const app = await buildApp({ db, logLevel: 'silent' });
    apps.push(app);
    urls.push(await listenOnLoopback(app));
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of dbs) await db.close();
  await scratch?.drop();
});

describe('two instances on one PostgreSQL database', () => {
  it('both are live and ready', async () => {
    for (const url of urls) {
      expect((await call(url, 'GET', '/healthz')).status).toBe(200);
      expect((await call(url, 'GET', '/readyz')).body).toEqual({ code: 200, result: 'ready' });
    }
  });

  it(`the login limit is shared: 100 parallel wrong guesses over both → at most ${LOGIN_FAILURES_PER_ACCOUNT} checked`, async () => {
    const email = uniqueEmail('twee');
    expect(
      (
        await call(urls[0], 'POST', `${USER}/create`, {
          customer: { email, firstname: 'Twee', lastname: 'Instanties' },
          password: STRONG_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(urls[i % 2], 'POST', `${USER}/login`, { username: email, password: `Fout#Wachtwoord${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(LOGIN_FAILURES_PER_ACCOUNT);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(100 - LOGIN_FAILURES_PER_ACCOUNT);
    for (const r of refused) expect(r.retryAfter).toBe('900');
  });

  it('one order_id posted to both at once → one order, every answer the same', async () => {
    const customer = await makeCustomer(dbs[0]);
    const body = orderBody(null);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call<{ increment_id: string }>(urls[i % 2], 'POST', `/api/order${query({ token: customer.token })}`, body),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.result.increment_id)).size).toBe(1);
    const { rows } = await dbs[1].query<{ n: number }>('select count(*)::int as n from orders where order_id = $1', [
      body.order_id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('cart updates alternating between the instances converge', async () => {
    const cartId = (await call<string>(urls[0], 'POST', '/api/ext/shop/cart/create')).body.result;
    const update = (i: number, cartItem: Record<string, unknown>) =>
      call<{ item_id: number; qty: number }>(urls[i % 2], 'POST', `/api/ext/shop/cart/update${query({ cartId })}`, {
        cartItem: { quoteId: cartId, ...cartItem },
      });
    const jas = (await update(0, { sku: 'T-JAS', qty: 1 })).body.result.item_id;
    const sok = (await update(1, { sku: 'T-SOK', qty: 1 })).body.result.item_id;
    for (let i = 0; i < 10; i++) {
      expect(
        (await update(i, { sku: i % 3 === 0 ? 'T-SOK' : 'T-JAS', item_id: i % 3 === 0 ? sok : jas, qty: i + 1 }))
          .status,
      ).toBe(200);
    }
    const pulls = await Promise.all(
      urls.map((url) =>
        call<{ sku: string; qty: number }[]>(url, 'GET', `/api/ext/shop/cart/pull${query({ cartId })}`),
      ),
    );
    const lines = pulls.map((p) => p.body.result.map((l) => [l.sku, l.qty]).sort());
    expect(lines[0]).toEqual([
      ['T-JAS', 9],
      ['T-SOK', 10],
    ]);
    expect(lines[1]).toEqual(lines[0]);
  });

  it('a single-use coupon spent from both at once → one discount', async () => {
    const customer = await makeCustomer(dbs[0]);
    const code = `TWEE-${randomUUID().slice(0, 8)}`;
    await dbs[0].query(
      `insert into coupons (code, description, discount_type, discount_value, min_subtotal_cents, customer_id) values ($1, 'persoonlijk', 'percent', 15, 0, $2)`,
      [code, customer.customerId],
    );
    await dbs[0].query('insert into customer_coupons (customer_id, coupon_code) values ($1, $2)', [
      customer.customerId,
      code,
    ]);
    // Two carts holding the coupon: the customer's own and a guest cart they order from.
    const carts: string[] = [];
    for (const customerId of [customer.customerId, null]) {
      const cartId = `twee-${randomUUID()}`;
      const { rows } = await dbs[0].query<{ id: number }>(
        `insert into carts (cart_id, customer_id, coupon_code) values ($1, $2, $3) returning id`,
        [cartId, customerId, code],
      );
      expect(rows).toHaveLength(1);
      carts.push(cartId);
    }
    const answers = await Promise.all(
      carts.flatMap((cartId) =>
        urls.map((url) =>
          call<{ grand_total: number }>(
            url,
            'POST',
            `/api/order${query({ token: customer.token })}`,
            orderBody(cartId),
          ),
        ),
      ),
    );
    const placed = answers
      .filter((a) => a.status === 200)
      .map((a) => a.body.result.grand_total)
      .sort((a, b) => a - b);
    expect(placed).toEqual([85, 100]);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
  });
});
