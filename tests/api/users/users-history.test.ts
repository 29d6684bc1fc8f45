import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { USER, newCustomer, withToken } from './users-support.ts';

let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

const DAY = 24 * 3600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

async function insertOrder(customerId: number, createdAt: string, status: string, totalCents: number) {
  const key = randomBytes(5).toString('hex');
  const { rows } = await server.db.query<{ id: number; increment_id: string }>(
    `insert into orders (order_id, increment_id, customer_id, email, status, store_code, subtotal_cents, shipping_cents,
       grand_total_cents, tax_cents, request, created_at)
     values ($1, $2, $3, 'x@example.nl', $4, 'nl', $5, 0, $5, 0, '{}'::jsonb, $6) returning id, increment_id`,
    [`order-${key}`, `TEST-${key}`, customerId, status, totalCents, createdAt],
  );
  await server.db.query(
    `insert into order_items (order_pk, sku, name, qty, price_cents, row_total_cents) values ($1, 'SKU-1', 'Overhemd', 2, $2, $3)`,
    [rows[0].id, Math.round(totalCents / 2), totalCents],
  );
  return rows[0].increment_id;
}

interface OrderPage {
  items: Array<{
    increment_id: string;
    grand_total: number;
    status: string;
    items: Array<{ sku: string; qty_ordered: number; row_total_incl_tax: number }>;
  }>;
  total_count: number;
  page_size: number;
  current_page: number;
}

describe('order-history (spec 000 §7 "pageSize default 20, currentPage default 1")', () => {
  it("pages the customer's own orders newest first, 20 per page by default", async () => {
    const c = await newCustomer(server);
    const other = await newCustomer(server);
    for (let i = 0; i < 23; i++) await insertOrder(c.id, daysAgo(i + 1), 'complete', 1000 + i);
    await insertOrder(other.id, daysAgo(0), 'processing', 99999);

    const first = await api<OrderPage>(server, 'GET', withToken(`${USER}/order-history`, c.token));
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ total_count: 23, page_size: 20, current_page: 1 });
    expect(first.body.result.items).toHaveLength(20);
    expect(first.body.result.items[0]).toMatchObject({ grand_total: 10, status: 'complete' });
    expect(first.body.result.items[0].items[0]).toMatchObject({ sku: 'SKU-1', qty_ordered: 2, row_total_incl_tax: 10 });
    expect(first.body.meta?.session_expires).toEqual(expect.any(String));

    const last = await api<OrderPage>(
      server,
      'GET',
      withToken(`${USER}/order-history?pageSize=20&currentPage=2`, c.token),
    );
    expect(last.body.result.items.map((o) => o.grand_total)).toEqual([10.2, 10.21, 10.22]);
    expect(JSON.stringify(first.body) + JSON.stringify(last.body)).not.toContain('999.99');
  });

  it('a bad pageSize is a 400 naming the field', async () => {
    const c = await newCustomer(server);
    const res = await api(server, 'GET', withToken(`${USER}/order-history?pageSize=abc`, c.token));
    expect(res).toMatchObject({ status: 400, body: { result: 'querystring.pageSize must be integer' } });
  });

  it("order detail answers an own order; another customer's order is a 404", async () => {
    const c = await newCustomer(server);
    const other = await newCustomer(server);
    const own = await insertOrder(c.id, daysAgo(2), 'processing', 4995);
    const foreign = await insertOrder(other.id, daysAgo(2), 'processing', 12345);
    const res = await api<{ increment_id: string; grand_total: number }>(
      server,
      'GET',
      withToken(`${USER}/order-history/detail?increment_id=${own}`, c.token),
    );
    expect(res.body.result).toMatchObject({ increment_id: own, grand_total: 49.95 });
    const denied = await api(server, 'GET', withToken(`${USER}/order-history/detail?increment_id=${foreign}`, c.token));
    expect(denied.status).toBe(404);
    expect(JSON.stringify(denied.body)).not.toContain('123.45');
  });
});

describe('transactions (in-store purchases)', () => {
  async function insertTransaction(customerId: number, createdAt: string, totalCents: number) {
    const id = `T-${randomBytes(5).toString('hex')}`;
    await server.db.query(
      `insert into store_transactions (transaction_id, customer_id, store_location_id, total_cents, items, created_at)
       values ($1, $2, null, $3, $4::jsonb, $5)`,
      [
        id,
        customerId,
        totalCents,
        JSON.stringify([{ sku: 'SKU-9', name: 'Colbert', qty: 1, price_cents: totalCents }]),
        createdAt,
      ],
    );
    return id;
  }

  it("lists the customer's transactions newest first with euros, and one by transaction_id", async () => {
    const c = await newCustomer(server);
    const older = await insertTransaction(c.id, daysAgo(40), 12900);
    const newer = await insertTransaction(c.id, daysAgo(3), 7995);
    const list = await api<{ transactions: Array<{ transaction_id: string; total: number }> }>(
      server,
      'GET',
      withToken(`${USER}/transactions`, c.token),
    );
    expect(list.body.result.transactions.map((t) => t.transaction_id)).toEqual([newer, older]);
    expect(list.body.result.transactions[0].total).toBe(79.95);
    const detail = await api<{ transaction_id: string; items: Array<{ price: number }> }>(
      server,
      'GET',
      withToken(`${USER}/transactions/detail?transaction_id=${older}`, c.token),
    );
    expect(detail.body.result).toMatchObject({ transaction_id: older, items: [{ sku: 'SKU-9', price: 129 }] });
  });

  it("another customer's transaction is a 404", async () => {
    const c = await newCustomer(server);
    const other = await newCustomer(server);
    const foreign = await insertTransaction(other.id, daysAgo(1), 5000);
    const res = await api(server, 'GET', withToken(`${USER}/transactions/detail?transaction_id=${foreign}`, c.token));
    expect(res.status).toBe(404);
    const list = await api<{ transactions: unknown[] }>(server, 'GET', withToken(`${USER}/transactions`, c.token));
    expect(list.body.result.transactions).toEqual([]);
  });

  it('transactions/detail without transaction_id is a 400 naming it', async () => {
    const c = await newCustomer(server);
    const res = await api(server, 'GET', withToken(`${USER}/transactions/detail`, c.token));
    expect(res).toMatchObject({ status: 400, body: { result: 'querystring.transaction_id is required' } });
  });
});

describe('loyalty-miles-history (10 points per euro, available after 14 days, valid 24 months; silver > 750, gold > 1500)', () => {
  async function ledger(customerId: number, points: number, createdDaysAgo: number) {
    const created = Date.now() - createdDaysAgo * DAY;
    await server.db.query(
      `insert into loyalty_ledger (customer_id, points, miles, description, created_at, available_at, expires_at)
       values ($1, $2, 0, 'Aankoop', $3, $4, $5)`,
      [
        customerId,
        points,
        new Date(created).toISOString(),
        new Date(created + 14 * DAY).toISOString(),
        new Date(created + 730 * DAY).toISOString(),
      ],
    );
  }

  it('splits points into available, pending (< 14 days) and expired (> 24 months)', async () => {
    const c = await newCustomer(server);
    await ledger(c.id, 500, 30);
    await ledger(c.id, 200, 5);
    await ledger(c.id, 300, 800);
    const res = await api<Record<string, unknown> & { entries: Array<{ status: string }> }>(
      server,
      'GET',
      withToken(`${USER}/loyalty-miles-history`, c.token),
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      points_available: 500,
      points_pending: 200,
      points_expired: 300,
      points_per_euro: 10,
      level: 'bronze',
    });
    expect(res.body.result.entries.map((e) => e.status)).toEqual(['pending', 'available', 'expired']);
  });

  it('level follows the spend of the last 12 months: bronze ≤ 750, silver above 750, gold above 1500', async () => {
    const c = await newCustomer(server);
    const level = async () =>
      (await api<{ level: string }>(server, 'GET', withToken(`${USER}/loyalty-miles-history`, c.token))).body.result
        .level;
    await insertOrder(c.id, daysAgo(10), 'complete', 75000);
    expect(await level()).toBe('bronze');
    await insertOrder(c.id, daysAgo(400), 'complete', 100000); // older than 12 months: does not count
    await insertOrder(c.id, daysAgo(10), 'canceled', 100000); // cancelled: does not count
    expect(await level()).toBe('bronze');
    await insertOrder(c.id, daysAgo(20), 'processing', 1);
    expect(await level()).toBe('silver');
    await insertOrder(c.id, daysAgo(30), 'complete', 75000);
    expect(await level()).toBe('gold');
  });
});

describe('personal pricing', () => {
  /** A sellable simple product and its shop price today in cents (special price windows make it vary by seed day). */
  async function someProduct(token: string) {
    const { rows } = await server.db.query<{ id: number; sku: string }>(
      `select id, sku from products where type_id = 'simple' order by id limit 1`,
    );
    const check = await api<{ regular_price: number; personal: boolean }>(
      server,
      'POST',
      withToken(`${USER}/personal-pricing/check`, token),
      { sku: rows[0].sku },
    );
    expect(check.body.result.personal).toBe(false);
    return { ...rows[0], shopCents: Math.round(check.body.result.regular_price * 100) };
  }

  it('check answers the personal price when the customer has one below the shop price', async () => {
    const c = await newCustomer(server);
    const product = await someProduct(c.token);
    const plain = await api(server, 'POST', withToken(`${USER}/personal-pricing/check`, c.token), { sku: product.sku });
    expect(plain.body.result).toEqual({
      sku: product.sku,
      price: product.shopCents / 100,
      regular_price: product.shopCents / 100,
      personal: false,
    });
    await server.db.query('insert into personal_prices (customer_id, sku, price_cents) values ($1, $2, $3)', [
      c.id,
      product.sku,
      product.shopCents - 500,
    ]);
    const personal = await api(server, 'POST', withToken(`${USER}/personal-pricing/check`, c.token), {
      sku: product.sku,
    });
    expect(personal.body.result).toMatchObject({
      sku: product.sku,
      price: (product.shopCents - 500) / 100,
      personal: true,
    });
    const client = await api<{ ppr_coupon_result: string[] }>(
      server,
      'GET',
      withToken(`${USER}/personal-pricing/client`, c.token),
    );
    expect(client.body.result.ppr_coupon_result).toHaveLength(1);
    expect(JSON.parse(client.body.result.ppr_coupon_result[0])).toMatchObject({
      sku: product.sku,
      personal_price: (product.shopCents - 500) / 100,
    });
  });

  it('a personal price at or above the shop price does not count', async () => {
    const c = await newCustomer(server);
    const product = await someProduct(c.token);
    await server.db.query('insert into personal_prices (customer_id, sku, price_cents) values ($1, $2, $3)', [
      c.id,
      product.sku,
      product.shopCents + 100,
    ]);
    const res = await api(server, 'POST', withToken(`${USER}/personal-pricing/check`, c.token), { sku: product.sku });
    expect(res.body.result).toMatchObject({ price: product.shopCents / 100, personal: false });
  });

  it('check of an unknown sku is a 404', async () => {
    const c = await newCustomer(server);
    expect(
      (await api(server, 'POST', withToken(`${USER}/personal-pricing/check`, c.token), { sku: 'BESTAAT-NIET' })).status,
    ).toBe(404);
  });

  it("validate-quote answers the adjustments of an own cart; another customer's cart is a 404", async () => {
    const c = await newCustomer(server);
    const other = await newCustomer(server);
    const product = await someProduct(c.token);
    await server.db.query('insert into personal_prices (customer_id, sku, price_cents) values ($1, $2, $3)', [
      c.id,
      product.sku,
      product.shopCents - 1000,
    ]);
    const cartId = async (customerId: number) => {
      const key = randomBytes(16).toString('hex');
      const { rows } = await server.db.query<{ id: number }>(
        'insert into carts (cart_id, customer_id) values ($1, $2) returning id',
        [key, customerId],
      );
      await server.db.query(
        `insert into cart_items (cart_id, sku, product_id, qty, product_type, name, price_cents) values ($1, $2, $3, 2, 'simple', 'x', $4)`,
        [rows[0].id, product.sku, product.id, product.shopCents],
      );
      return key;
    };
    const own = await cartId(c.id);
    const foreign = await cartId(other.id);
    const res = await api<{ cart_id: string; adjustments: Array<Record<string, unknown>> }>(
      server,
      'POST',
      withToken(`${USER}/personal-pricing/validate-quote`, c.token),
      { cart_id: own },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.adjustments).toEqual([
      expect.objectContaining({
        sku: product.sku,
        qty: 2,
        personal_price: (product.shopCents - 1000) / 100,
        discount: 20,
      }),
    ]);
    const denied = await api(server, 'POST', withToken(`${USER}/personal-pricing/validate-quote`, c.token), {
      cart_id: foreign,
    });
    expect(denied.status).toBe(404);
  });
});
