import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../../server/seed/index.ts';
import { api, startTestServer, type TestServer } from '../../support/test-server.ts';
import { USER, login, withToken } from './users-support.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ products: 8 });
  token = (await login(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).token;
});
afterAll(async () => {
  await server?.close();
});

/** The account pages against the seeded demo customer (spec 001 §2 account pages). */
describe('the seeded demo customer', () => {
  it('has a profile with addresses, external id, group token and coupons', async () => {
    const me = await api<{
      external_id: string;
      addresses: unknown[];
      coupons: Array<{ code: string }>;
      group_token: string;
    }>(server, 'GET', withToken(`${USER}/me`, token));
    expect(me.body.result.external_id).toBe(DEMO_CUSTOMER.externalId);
    expect(me.body.result.group_token).toBe(DEMO_CUSTOMER.groupToken);
    expect(me.body.result.addresses).toHaveLength(2);
    expect(me.body.result.coupons.length).toBeGreaterThan(0);
  });

  it('has past orders in several states, newest first, with their items', async () => {
    const res = await api<{
      items: Array<{ status: string; created_at: string; items: unknown[] }>;
      total_count: number;
    }>(server, 'GET', withToken(`${USER}/order-history?pageSize=50`, token));
    expect(res.body.result.total_count).toBeGreaterThanOrEqual(5);
    expect(new Set(res.body.result.items.map((o) => o.status)).size).toBeGreaterThan(3);
    const dates = res.body.result.items.map((o) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body.result.items.every((o) => o.items.length > 0)).toBe(true);
  });

  it('has in-store transactions with their items, readable one by one', async () => {
    const list = await api<{
      transactions: Array<{ transaction_id: string; items: Array<{ sku: string; price: number }>; store: unknown }>;
    }>(server, 'GET', withToken(`${USER}/transactions`, token));
    const first = list.body.result.transactions[0];
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items[0].price).toEqual(expect.any(Number));
    expect(first.store).not.toBeNull();
    const detail = await api(
      server,
      'GET',
      withToken(`${USER}/transactions/detail?transaction_id=${encodeURIComponent(first.transaction_id)}`, token),
    );
    expect(detail.body.result).toEqual(first);
  });

  it('has a loyalty history with available points and a level', async () => {
    const res = await api<{ level: string; points_available: number; entries: unknown[] }>(
      server,
      'GET',
      withToken(`${USER}/loyalty-miles-history`, token),
    );
    expect(['bronze', 'silver', 'gold']).toContain(res.body.result.level);
    expect(res.body.result.points_available).toBeGreaterThan(0);
    expect(res.body.result.entries.length).toBeGreaterThan(5);
  });

  it('has personal prices', async () => {
    const res = await api<{ ppr_coupon_result: string[] }>(
      server,
      'GET',
      withToken(`${USER}/personal-pricing/client`, token),
    );
    expect(res.body.result.ppr_coupon_result.length).toBeGreaterThan(0);
    const { sku } = JSON.parse(res.body.result.ppr_coupon_result[0]) as { sku: string };
    const check = await api(server, 'POST', withToken(`${USER}/personal-pricing/check`, token), { sku });
    expect(check.body.result).toMatchObject({ sku, personal: true });
  });
});
