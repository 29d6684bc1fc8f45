import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH } from '../../../server/http/input-guard.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { ORDER_ADDRESS, addItem, makeCustomer, query } from '../cart/cart-fixtures.ts';

/**
 * The inputs a black-box probe answered with a 500, each now a 400 naming the field (docs/api.md: bad
 * input is a 400 whose message names the field). The API fuzz test covers the same kinds on every route.
 */
let server: TestServer;
let customer: { token: string };
let cartId: string;

async function send(method: string, path: string, rawBody?: string) {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: rawBody === undefined ? {} : { 'content-type': 'application/json' },
    body: rawBody,
  });
  return { status: res.status, body: (await res.json()) as { code: number; result: string } };
}

beforeAll(async () => {
  server = await startTestServer({ products: 4 });
  customer = await makeCustomer(server.db);
  const created = await fetch(`${server.baseUrl}/api/ext/shop/cart/create${query({ token: customer.token })}`, {
    method: 'POST',
  });
  cartId = ((await created.json()) as { result: string }).result;
  const { rows } = await server.db.query<{ sku: string }>(
    `select p.sku from products p join stock_items s on s.product_id = p.id where p.type_id = 'simple' and s.qty > 5 limit 1`,
  );
  await addItem(server, cartId, rows[0].sku, 1, {}, customer.token);
});

afterAll(async () => {
  await server?.close();
});

describe('bad input is a 400 naming the field', () => {
  const cases: [string, () => Promise<{ status: number; body: { code: number; result: string } }>, RegExp][] = [
    [
      'a NUL byte in the login name',
      () => send('POST', '/api/ext/shop/user/login', JSON.stringify({ username: 'a\u0000b@x.nl', password: 'x' })),
      /^body\.username /,
    ],
    [
      'a lone surrogate in the login name',
      () => send('POST', '/api/ext/shop/user/login', '{"username":"a\\ud800b@x.nl","password":"x"}'),
      /^body\.username /,
    ],
    ['a NUL byte in a query parameter', () => send('GET', '/api/stock/check?sku=a%00b'), /^querystring\.sku /],
    [
      'a NUL byte in an order address',
      () =>
        send(
          'POST',
          '/api/order',
          JSON.stringify({
            order_id: 'bestelling-met-nul-0001',
            products: [{ sku: 'X', qty: 1 }],
            addressInformation: {
              shippingAddress: { ...ORDER_ADDRESS, firstname: 'Ja\u0000n' },
              shipping_method_code: 'x',
              shipping_carrier_code: 'x',
              payment_method_code: 'x',
            },
          }),
        ),
      /^body\.addressInformation\.shippingAddress\.firstname /,
    ],
    [
      'an item_id beyond int4 in cart/update',
      () =>
        send(
          'POST',
          `/api/ext/shop/cart/update${query({ cartId, token: customer.token })}`,
          JSON.stringify({ cartItem: { sku: 'X', qty: 1, item_id: 2147483648, quoteId: cartId } }),
        ),
      /^body\.cartItem\.item_id /,
    ],
    [
      'an address_id beyond int4',
      () => send('DELETE', `/api/ext/shop/user/address${query({ token: customer.token, address_id: '2147483648' })}`),
      /^querystring\.address_id /,
    ],
    [
      'currentPage=1e300',
      () => send('GET', `/api/ext/shop/user/order-history${query({ token: customer.token, currentPage: '1e300' })}`),
      /^querystring\.currentPage /,
    ],
    [
      'nesting 20 000 deep',
      () =>
        send(
          'POST',
          '/api/ext/shop/user/login',
          `{"username":${'['.repeat(20_000)}${']'.repeat(20_000)},"password":"x"}`,
        ),
      new RegExp(`nested deeper than ${MAX_INPUT_DEPTH} levels`),
    ],
  ];
  for (const [name, request, message] of cases) {
    it(name, async () => {
      const res = await request();
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.result).toMatch(message);
    });
  }

  it('a date PostgreSQL cannot hold in a catalogue filter is a 400, not a 500', async () => {
    const res = await send(
      'POST',
      '/api/catalog/nl/product/_search',
      JSON.stringify({ filter: { updated_at: { gt: '0000-01-01' } } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });
});
