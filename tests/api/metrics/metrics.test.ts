import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHOP_VERSION_HEADER } from '../../../domain/shop-version.ts';
import { buildVersion } from '../../../server/build-version.ts';
import { CLIENT_VERSION_LABELS_MAX } from '../../../server/metrics/client-versions.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { ORDER_ADDRESS, PAY, SHIP, placeOrder, useCheckoutServer } from '../cart/cart-fixtures.ts';

/**
 * `/metrics` (docs/operations.md): refused to a visitor from elsewhere without the token, answered with it and from
 * loopback; its counters follow orders, refusals and devices' outbox reports. The server trusts X-Forwarded-For here,
 * so a request can come "from elsewhere" although the test runs on loopback.
 */
const TOKEN = 'test-metrics-token-5b1f';
const ELSEWHERE = { 'x-forwarded-for': '203.0.113.7' };
let server: TestServer;

useCheckoutServer(
  { products: 4, trustProxy: true, metrics: { token: TOKEN } },
  [{ id: 993001, sku: 'M-JAS', priceCents: 4995, stock: { qty: 50 } }],
  (started) => {
    server = started;
  },
);

async function scrape(headers: Record<string, string> = { authorization: `Bearer ${TOKEN}`, ...ELSEWHERE }) {
  const res = await fetch(`${server.baseUrl}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one sample (`name{labels} value`); 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-z_]+)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      (match[3] ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => {
          const [key, value] = pair.split('=');
          return [key, JSON.parse(value)];
        }),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return 0;
}

const order = (overrides: Record<string, unknown> = {}) => ({
  order_id: randomUUID(),
  products: [{ sku: 'M-JAS', qty: 1 }],
  addressInformation: {
    shippingAddress: ORDER_ADDRESS,
    billingAddress: ORDER_ADDRESS,
    shipping_method_code: SHIP.home,
    shipping_carrier_code: SHIP.carrier,
    payment_method_code: PAY.ideal as string,
  },
  ...overrides,
});

describe('GET /metrics', () => {
  it('is refused from elsewhere without the token or with a wrong one, answered with it and from loopback', async () => {
    const without = await scrape(ELSEWHERE);
    expect(without.status).toBe(401);
    expect(without.text).not.toContain('ofm_');
    expect((await scrape({ authorization: 'Bearer wrong', ...ELSEWHERE })).status).toBe(401);
    const withToken = await scrape();
    expect(withToken.status).toBe(200);
    expect(withToken.type).toContain('text/plain');
    expect(withToken.text).toContain('# TYPE ofm_http_requests_total counter');
    expect((await scrape({})).status).toBe(200);
  });

  it('counts requests per route pattern, not per URL, with their latency', async () => {
    await api(server, 'GET', '/api/ext/shop/cart/pull?cartId=nope-1');
    await api(server, 'GET', '/api/ext/shop/cart/pull?cartId=nope-2');
    const { text } = await scrape();
    const route = { method: 'GET', route: '/api/ext/shop/cart/pull' };
    expect(sample(text, 'ofm_http_requests_total', { ...route, status: '404' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'ofm_http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('nope-1');
  });

  it('counts an order placed and orders refused by reason', async () => {
    const before = await scrape();
    const body = order();
    expect((await placeOrder(server, body)).status).toBe(200);
    expect(
      (await placeOrder(server, { ...order(), payment_method_code: undefined, addressInformation: {} })).status,
    ).toBe(400);
    const unknownPayment = order();
    unknownPayment.addressInformation.payment_method_code = 'nope';
    expect((await placeOrder(server, unknownPayment)).status).toBe(400);
    const after = await scrape();
    const delta = (name: string, labels?: Record<string, string>) =>
      sample(after.text, name, labels) - sample(before.text, name, labels);
    expect(delta('ofm_orders_placed_total')).toBe(1);
    expect(delta('ofm_orders_rejected_total', { reason: 'validation' })).toBe(1);
    expect(delta('ofm_orders_rejected_total', { reason: 'paymentMethodUnknown' })).toBe(1);
    expect(sample(after.text, 'ofm_orders_repriced_total')).toBeGreaterThanOrEqual(0);
    expect(after.text).toContain('# TYPE ofm_orders_repriced_total counter');
    expect(sample(after.text, 'ofm_db_pool_connections_max', { driver: server.db.driver })).toBeGreaterThanOrEqual(1);
  });

  it('counts login attempts refused for too many failures', async () => {
    const before = sample((await scrape()).text, 'ofm_login_throttles_total');
    for (let i = 0; i < 12; i++) {
      await api(server, 'POST', '/api/ext/shop/user/login', { username: 'nobody@example.nl', password: 'wrong-' + i });
    }
    expect(sample((await scrape()).text, 'ofm_login_throttles_total')).toBeGreaterThan(before);
  });
});

describe('POST /api/device/outbox', () => {
  const report = (overrides: Record<string, unknown> = {}) => ({
    device: randomUUID(),
    tasks: 3,
    orders: 1,
    oldest_age_s: 600,
    rejections: [{ reason: 'order-409', count: 2 }],
    carts_merged: 1,
    ...overrides,
  });

  it('adds what waits on devices to the gauges; a later report of the same device replaces its first', async () => {
    const before = await scrape();
    const a = report();
    const b = report({ tasks: 2, orders: 0, oldest_age_s: 30, rejections: [], carts_merged: 0 });
    expect((await api(server, 'POST', '/api/device/outbox', a)).status).toBe(200);
    expect((await api(server, 'POST', '/api/device/outbox', b)).status).toBe(200);
    let { text } = await scrape();
    expect(sample(text, 'ofm_device_outbox_tasks') - sample(before.text, 'ofm_device_outbox_tasks')).toBe(5);
    expect(sample(text, 'ofm_device_outbox_orders') - sample(before.text, 'ofm_device_outbox_orders')).toBe(1);
    expect(sample(text, 'ofm_device_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(
      sample(text, 'ofm_device_rejections_total', { reason: 'order-409' }) -
        sample(before.text, 'ofm_device_rejections_total', { reason: 'order-409' }),
    ).toBe(2);
    expect(sample(text, 'ofm_carts_merged_total') - sample(before.text, 'ofm_carts_merged_total')).toBe(1);
    // the first device sent everything
    await api(
      server,
      'POST',
      '/api/device/outbox',
      report({ device: a.device, tasks: 0, orders: 0, oldest_age_s: 0, rejections: [], carts_merged: 0 }),
    );
    ({ text } = await scrape());
    expect(sample(text, 'ofm_device_outbox_tasks') - sample(before.text, 'ofm_device_outbox_tasks')).toBe(2);
    expect(sample(text, 'ofm_device_outbox_orders') - sample(before.text, 'ofm_device_outbox_orders')).toBe(0);
    const { rows } = await server.db.query<{ tasks: number }>('select tasks from device_outbox where device_id = $1', [
      a.device,
    ]);
    expect(rows).toEqual([{ tasks: 0 }]);
  });

  it.each([
    ['device', { device: 'jan@example.nl' }],
    ['tasks', { tasks: -1 }],
    ['orders', { orders: 'many' }],
    ['oldest_age_s', { oldest_age_s: 1.5 }],
    ['reason', { rejections: [{ reason: 'Jan Jansen, Damrak 1', count: 1 }] }],
    ['email', { email: 'jan@example.nl' }],
  ])('answers 400 naming %s for a bad report, and stores nothing', async (field, overrides) => {
    const body = report(overrides);
    const res = await api<string>(server, 'POST', '/api/device/outbox', body);
    expect(res.status).toBe(400);
    expect(res.body.result).toContain(field);
    const { rows } = await server.db
      .query('select 1 from device_outbox where device_id::text = $1', [String(body.device)])
      .catch(() => ({ rows: [] }));
    expect(rows).toEqual([]);
  });
});

describe('versions (docs/api.md "Versions")', () => {
  const call = (headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/api/directory/countries`, { headers: { accept: 'application/json', ...headers } });

  it('every answer names the server build: package version and commit, as the app build names its own', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    for (const path of ['/api/directory/countries', '/healthz', '/api/no-such-route']) {
      const res = await fetch(server.baseUrl + path);
      expect(res.headers.get(SHOP_VERSION_HEADER), path).toBe(buildVersion());
    }
    expect(buildVersion()).toMatch(new RegExp(`^${version.replaceAll('.', '\\.')}(\\+[0-9a-f]{4,40})?$`));
    expect(buildVersion({ SHOP_VERSION: '2026.12-b' })).toBe('2026.12-b');
    expect(buildVersion({ SHOP_VERSION: 'x y<script>' })).not.toContain(' ');
  });

  it('/metrics counts API requests per app version; none, invalid and made-up versions stay bounded', async () => {
    const before = (await scrape()).text;
    const count = (text: string, version: string) => sample(text, 'ofm_client_version_requests_total', { version });
    await call({ [SHOP_VERSION_HEADER]: '0.1.0+aaaa1111' });
    await call({ [SHOP_VERSION_HEADER]: '0.1.0+aaaa1111' });
    await call({ [SHOP_VERSION_HEADER]: '0.0.9+bbbb2222' });
    await call();
    await call({ [SHOP_VERSION_HEADER]: 'jan@example.nl"}' });
    for (let n = 0; n < CLIENT_VERSION_LABELS_MAX + 5; n++) await call({ [SHOP_VERSION_HEADER]: `9.9.${n}` });
    // a page is not an API request: not counted
    await fetch(`${server.baseUrl}/`, { headers: { [SHOP_VERSION_HEADER]: '0.1.0+aaaa1111' } });
    const after = (await scrape()).text;
    expect(count(after, '0.1.0+aaaa1111') - count(before, '0.1.0+aaaa1111')).toBe(2);
    expect(count(after, '0.0.9+bbbb2222') - count(before, '0.0.9+bbbb2222')).toBe(1);
    expect(count(after, 'none') - count(before, 'none')).toBeGreaterThanOrEqual(1);
    expect(count(after, 'invalid') - count(before, 'invalid')).toBe(1);
    expect(count(after, 'other') - count(before, 'other')).toBeGreaterThanOrEqual(5);
    const versions = after.split('\n').filter((line) => line.startsWith('ofm_client_version_requests_total{'));
    expect(versions.length).toBeLessThanOrEqual(CLIENT_VERSION_LABELS_MAX + 3);
    expect(after).not.toContain('jan@example.nl');
  });
});
