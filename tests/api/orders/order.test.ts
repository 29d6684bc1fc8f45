import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import {
  ORDER_ADDRESS,
  PAY,
  SHIP,
  addItem,
  makeCustomer,
  newGuestCart,
  placeOrder,
  query,
  setStock,
  stockOf,
  useCheckoutServer,
} from '../cart/cart-fixtures.ts';

let server: TestServer;

interface TestAddress {
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string;
  country_id: string;
  email?: string;
}

const address: TestAddress = ORDER_ADDRESS;

interface TestOrderBody {
  order_id: string;
  products: unknown[];
  addressInformation: {
    shippingAddress: TestAddress;
    billingAddress: TestAddress;
    shipping_method_code: string;
    shipping_carrier_code: string;
    payment_method_code: string;
  };
  [key: string]: unknown;
}

function orderBody(overrides: Record<string, unknown> = {}): TestOrderBody {
  return {
    order_id: randomUUID(),
    products: [{ sku: 'O-JAS', qty: 2, price_incl_tax: 0.01 }],
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_method_code: SHIP.home,
      shipping_carrier_code: SHIP.carrier,
      payment_method_code: PAY.ideal,
    },
    ...overrides,
  };
}

const countOrders = async (orderId: string) =>
  Number(
    (await server.db.query<{ n: number }>('select count(*)::int as n from orders where order_id = $1', [orderId]))
      .rows[0].n,
  );

async function postForm(path: string) {
  return fetch(server.baseUrl + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
}

useCheckoutServer(
  { products: 8 },
  [
    { id: 992001, sku: 'O-JAS', priceCents: 2995, stock: { qty: 50 } },
    { id: 992002, sku: 'O-SCHAARS', priceCents: 1500, stock: { qty: 2 } },
    { id: 992003, sku: 'O-SOK', priceCents: 995, stock: { qty: 50 } },
  ],
  (started) => {
    server = started;
  },
);

describe('POST /api/order (spec 000 §7 "Orders")', () => {
  it('recomputes the prices (client prices ignored), reserves stock and answers the payment redirect', async () => {
    const before = await stockOf(server.db, 'O-JAS');
    const body = orderBody();
    const res = await placeOrder(server, body);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ order_id: body.order_id, status: 'Pending', grand_total: 59.9 });
    expect(res.body.result.increment_id).toMatch(/^\d{9}$/);
    expect(res.body.result.payment.redirect_url).toMatch(/^\/pay\/[\w-]{40,}$/);
    expect(await stockOf(server.db, 'O-JAS')).toEqual({ qty: before.qty, reserved_qty: before.reserved_qty + 2 });
    const { rows } = await server.db.query<{
      email: string;
      grand_total_cents: number;
      shipping_cents: number;
      customer_id: number | null;
    }>('select email, grand_total_cents, shipping_cents, customer_id from orders where order_id = $1', [body.order_id]);
    expect(rows).toEqual([{ email: 'jan@example.nl', grand_total_cents: 5990, shipping_cents: 0, customer_id: null }]);
    const items = await server.db.query(
      'select sku, qty, price_cents from order_items oi join orders o on o.id = oi.order_pk where o.order_id = $1',
      [body.order_id],
    );
    expect(items.rows).toEqual([{ sku: 'O-JAS', qty: 2, price_cents: 2995 }]);
  });

  it('a repeat of the same order_id answers the first result and creates nothing', async () => {
    const body = orderBody({ products: [{ sku: 'O-SOK', qty: 1 }] });
    const first = await placeOrder(server, body);
    const reserved = (await stockOf(server.db, 'O-SOK')).reserved_qty;
    const second = await placeOrder(server, { ...body, products: [{ sku: 'O-SOK', qty: 5 }] });
    expect(second.status).toBe(200);
    expect(second.body.result).toEqual(first.body.result);
    expect(await countOrders(body.order_id)).toBe(1);
    expect((await stockOf(server.db, 'O-SOK')).reserved_qty).toBe(reserved);
  });

  it('five simultaneous identical posts make one order', async () => {
    const body = orderBody({ products: [{ sku: 'O-SOK', qty: 1 }] });
    const reserved = (await stockOf(server.db, 'O-SOK')).reserved_qty;
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(server, body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.result.increment_id)).size).toBe(1);
    expect(await countOrders(body.order_id)).toBe(1);
    expect((await stockOf(server.db, 'O-SOK')).reserved_qty).toBe(reserved + 1);
  });

  it('shipping costs below the free threshold and a payment fee are added by the server', async () => {
    const body = orderBody({ products: [{ sku: 'O-SOK', qty: 1, price_incl_tax: 0 }] });
    body.addressInformation.payment_method_code = PAY.fee;
    const res = await placeOrder(server, body);
    expect(res.body.result.grand_total).toBe(9.95 + 4.95 + 1.5);
  });

  it('more than the salable stock is refused and nothing is stored or reserved', async () => {
    await setStock(server.db, 'O-SCHAARS', 2);
    const body = orderBody({ products: [{ sku: 'O-SCHAARS', qty: 3 }] });
    const res = await placeOrder(server, body);
    expect(res.status).toBe(400);
    expect(res.body.result).toBe('Sommige bestelde producten zijn niet (meer) beschikbaar');
    expect(res.body.meta).toMatchObject({ sku: 'O-SCHAARS', maxQuantity: 2 });
    expect(await countOrders(body.order_id)).toBe(0);
    expect(await stockOf(server.db, 'O-SCHAARS')).toEqual({ qty: 2, reserved_qty: 0 });
  });

  it('two different orders racing for the last pieces: one is placed, the other refused', async () => {
    await setStock(server.db, 'O-SCHAARS', 3);
    const bodies = [
      orderBody({ products: [{ sku: 'O-SCHAARS', qty: 2 }] }),
      orderBody({ products: [{ sku: 'O-SCHAARS', qty: 2 }] }),
    ];
    const results = await Promise.all(bodies.map((b) => placeOrder(server, b)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await stockOf(server.db, 'O-SCHAARS')).toEqual({ qty: 3, reserved_qty: 2 });
  });

  it.each([
    ['no order_id', { order_id: undefined }, 'body.order_id is required'],
    ['no products', { products: [] }, 'body.products must NOT have fewer than 1 items'],
    ['qty 0', { products: [{ sku: 'O-JAS', qty: 0 }] }, 'body.products.0.qty must be >= 1'],
    ["qty 'abc'", { products: [{ sku: 'O-JAS', qty: 'abc' }] }, 'body.products.0.qty must be integer'],
    ['no address information', { addressInformation: undefined }, 'body.addressInformation is required'],
  ])('bad input: %s is a 400 naming the field', async (_name, overrides, message) => {
    const res = await placeOrder(server, orderBody(overrides));
    expect(res.body).toEqual({ code: 400, result: message });
  });

  it.each([
    ['a 120-letter first name', { firstname: 'A'.repeat(120) }, 'firstname', 40],
    ['a 41-letter last name', { lastname: 'é'.repeat(41) }, 'lastname', 40],
    ['a 31-letter city', { city: 'X'.repeat(31) }, 'city', 30],
    ['an 11-letter postcode', { postcode: '1234 AB 567' }, 'postcode', 10],
  ])(
    'spec 001 §5 maximum lengths: %s is a 400 naming the field, and nothing is stored',
    async (_n, change, field, max) => {
      const body = orderBody();
      body.addressInformation.shippingAddress = { ...address, ...change };
      const res = await placeOrder(server, body);
      expect(res.body).toEqual({
        code: 400,
        result: `body.addressInformation.shippingAddress.${field} must NOT have more than ${max} characters`,
      });
      expect(await countOrders(body.order_id)).toBe(0);
      // at the limit it is accepted ('é' counts as one letter)
      const atLimit = orderBody();
      atLimit.addressInformation.shippingAddress = {
        ...address,
        [field]: field === 'postcode' ? '1012 AB' : 'é'.repeat(max),
      };
      expect((await placeOrder(server, atLimit)).status).toBe(200);
    },
  );

  it('an unknown sku, shipping method or payment method is a 400', async () => {
    expect((await placeOrder(server, orderBody({ products: [{ sku: 'BESTAAT-NIET', qty: 1 }] }))).status).toBe(400);
    const badShipping = orderBody();
    badShipping.addressInformation.shipping_method_code = SHIP.beOnly;
    expect((await placeOrder(server, badShipping)).status).toBe(400);
    const badPayment = orderBody();
    badPayment.addressInformation.payment_method_code = 'bitcoin';
    expect((await placeOrder(server, badPayment)).status).toBe(400);
  });

  it('an order to a country no shipping method delivers to is a 400 naming the country field, and nothing is stored', async () => {
    const body = orderBody();
    const paris = { ...address, street: ['Rue de Rivoli', '1'], city: 'Paris', postcode: '75001', country_id: 'FR' };
    body.addressInformation.shippingAddress = paris;
    body.addressInformation.billingAddress = paris;
    const res = await placeOrder(server, body);
    expect(res.body).toEqual({
      code: 400,
      result: 'body.addressInformation.shippingAddress.country_id: We bezorgen niet in Frankrijk',
    });
    expect(await countOrders(body.order_id)).toBe(0);
  });

  it('a guest order needs an e-mail address', async () => {
    const noEmail = { ...address, email: undefined };
    const body = orderBody();
    body.addressInformation.shippingAddress = noEmail;
    body.addressInformation.billingAddress = noEmail;
    const res = await placeOrder(server, body);
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^body\.email is required/);
  });

  it('an invalid token is a 401', async () => {
    expect((await placeOrder(server, orderBody(), 'verlopen-token')).status).toBe(401);
  });
});

describe('customer orders, the cart and the order details', () => {
  it('a customer order carries the external customer id, applies the cart coupon and closes the cart', async () => {
    const customer = await makeCustomer(server.db);
    const cartId = (await api<string>(server, 'POST', `/api/ext/shop/cart/create${query({ token: customer.token })}`))
      .body.result;
    await addItem(server, cartId, 'O-JAS', 1, {}, customer.token);
    await api(
      server,
      'POST',
      `/api/ext/shop/cart/apply-coupon${query({ cartId, token: customer.token, coupon: 'TIENPROCENT' })}`,
    );
    const body = orderBody({ cart_id: cartId, products: [{ sku: 'O-JAS', qty: 1 }] });
    const res = await placeOrder(server, body, customer.token);
    expect(res.status).toBe(200);
    // 29,95 − 3,00 (10 %) + 4,95 shipping (26,95 is below the free threshold).
    expect(res.body.result.grand_total).toBe(31.9);
    const { rows } = await server.db.query<{
      customer_id: number;
      external_customer_id: string;
      email: string;
      coupon_code: string;
    }>('select customer_id, external_customer_id, email, coupon_code from orders where order_id = $1', [body.order_id]);
    expect(rows[0]).toMatchObject({
      customer_id: customer.customerId,
      email: customer.email,
      coupon_code: 'TIENPROCENT',
    });
    expect(rows[0].external_customer_id).toMatch(/^ext-/);

    const pull = await api(server, 'GET', `/api/ext/shop/cart/pull${query({ cartId, token: customer.token })}`);
    expect(pull.status).toBe(404);
    const next = await api<string>(server, 'POST', `/api/ext/shop/cart/create${query({ token: customer.token })}`);
    expect(next.body.result).not.toBe(cartId);

    const own = await api<{ increment_id: string; grand_total: number; items: unknown[] }>(
      server,
      'GET',
      `/api/order/${res.body.result.increment_id}${query({ token: customer.token })}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.result).toMatchObject({
      increment_id: res.body.result.increment_id,
      grand_total: 31.9,
      discount_amount: -3,
      status: 'Pending',
    });
    expect(own.body.result.items).toEqual([
      {
        sku: 'O-JAS',
        name: 'Testproduct O-JAS',
        qty: 1,
        price_incl_tax: 29.95,
        row_total_incl_tax: 26.95,
        product_option: { options: [], parentSku: null },
      },
    ]);
    const other = await makeCustomer(server.db);
    expect(
      (await api(server, 'GET', `/api/order/${res.body.result.increment_id}${query({ token: other.token })}`)).status,
    ).toBe(404);
    expect((await api(server, 'GET', `/api/order/${res.body.result.increment_id}`)).status).toBe(404);
  });

  it('a guest reads their order with its order_id, never by increment id alone', async () => {
    const body = orderBody({ products: [{ sku: 'O-SOK', qty: 1 }] });
    const res = await placeOrder(server, body);
    const path = `/api/order/${res.body.result.increment_id}`;
    expect((await api(server, 'GET', path)).status).toBe(404);
    expect((await api(server, 'GET', `${path}${query({ order_id: 'geraden' })}`)).status).toBe(404);
    const mine = await api<{ email: string }>(server, 'GET', `${path}${query({ order_id: body.order_id })}`);
    expect(mine.status).toBe(200);
    expect(mine.body.result.email).toBe('jan@example.nl');
    const byOrderId = await api<{ increment_id: string }>(server, 'GET', `/api/order/${body.order_id}`);
    expect(byOrderId.body.result.increment_id).toBe(res.body.result.increment_id);
  });

  it('a guest cart given as cart_id is closed by the order', async () => {
    const cartId = await newGuestCart(server);
    await addItem(server, cartId, 'O-SOK', 1);
    await placeOrder(server, orderBody({ cart_id: cartId, products: [{ sku: 'O-SOK', qty: 1 }] }));
    expect((await api(server, 'GET', `/api/ext/shop/cart/pull${query({ cartId })}`)).status).toBe(404);
  });
});

describe('Flying Blue payment (spec 001 §4: redirect URL fetched by order id)', () => {
  it('answers the payment redirect of a pending flying_blue_payment order, else 404', async () => {
    await server.db.query(`insert into payment_methods (code, title, cost_cents, countries, position)
                           values ('flying_blue_payment_test', 'Flying Blue (test)', 0, '{NL,BE}', 110) on conflict do nothing`);
    const body = orderBody({ products: [{ sku: 'O-SOK', qty: 1 }] });
    body.addressInformation.payment_method_code = 'flying_blue_payment_test';
    const placed = await placeOrder(server, body);
    const res = await api<{ redirect_url: string }>(
      server,
      'GET',
      `/api/ext/shop/flying-blue/redirect/${body.order_id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.redirect_url).toBe(placed.body.result.payment.redirect_url);
    const ideal = orderBody({ products: [{ sku: 'O-SOK', qty: 1 }] });
    await placeOrder(server, ideal);
    expect((await api(server, 'GET', `/api/ext/shop/flying-blue/redirect/${ideal.order_id}`)).status).toBe(404);
    expect((await api(server, 'GET', '/api/ext/shop/flying-blue/redirect/onbekend')).status).toBe(404);
  });
});

describe('local payment page (/pay/:paymentKey)', () => {
  it('shows the order in Dutch; paying marks it processing, sells the stock and redirects to checkout-return', async () => {
    const before = await stockOf(server.db, 'O-JAS');
    const res = await placeOrder(server, orderBody());
    const { redirect_url } = res.body.result.payment;
    const page = await fetch(server.baseUrl + redirect_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="nl"');
    expect(html).toContain(res.body.result.increment_id);
    expect(html).toContain('59,90');
    expect(html).toContain('Betalen');

    const paid = await postForm(`${redirect_url}/complete`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/checkout-return/?order=${res.body.result.increment_id}`);
    expect(await stockOf(server.db, 'O-JAS')).toEqual({ qty: before.qty - 2, reserved_qty: before.reserved_qty });
    const { rows } = await server.db.query<{ status: string; pay: string }>(
      `select o.status, p.status as pay from orders o join payments p on p.order_pk = o.id where o.increment_id = $1`,
      [res.body.result.increment_id],
    );
    expect(rows[0]).toEqual({ status: 'Processing', pay: 'paid' });

    // A late click on cancel changes nothing and still lands on the success page.
    const late = await postForm(`${redirect_url}/cancel`);
    expect(late.headers.get('location')).toBe(`/checkout-return/?order=${res.body.result.increment_id}`);
    expect(await stockOf(server.db, 'O-JAS')).toEqual({ qty: before.qty - 2, reserved_qty: before.reserved_qty });
  });

  it('cancelling releases the reservation and redirects to checkout-failed', async () => {
    const before = await stockOf(server.db, 'O-SOK');
    const res = await placeOrder(server, orderBody({ products: [{ sku: 'O-SOK', qty: 3 }] }));
    expect((await stockOf(server.db, 'O-SOK')).reserved_qty).toBe(before.reserved_qty + 3);
    const cancelled = await postForm(`${res.body.result.payment.redirect_url}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/checkout-failed/?order=${res.body.result.increment_id}`);
    expect(await stockOf(server.db, 'O-SOK')).toEqual(before);
  });

  it('a payment left pending past its expiry is cancelled and its reservation released', async () => {
    const before = await stockOf(server.db, 'O-SOK');
    const res = await placeOrder(server, orderBody({ products: [{ sku: 'O-SOK', qty: 1 }] }));
    expect((await stockOf(server.db, 'O-SOK')).reserved_qty).toBe(before.reserved_qty + 1);
    server.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      const page = await fetch(server.baseUrl + res.body.result.payment.redirect_url);
      expect(await page.text()).toContain('geannuleerd');
      // Every payment of this file is now past its expiry: nothing stays reserved for pending orders.
      const pending = await server.db.query<{ n: number }>(
        `select coalesce(sum(oi.qty), 0)::int as n from order_items oi join orders o on o.id = oi.order_pk
          where o.status = 'Pending' and oi.sku = 'O-SOK'`,
      );
      expect(pending.rows[0].n).toBe(0);
      expect(await stockOf(server.db, 'O-SOK')).toEqual({ qty: before.qty, reserved_qty: 0 });
      const late = await postForm(`${res.body.result.payment.redirect_url}/complete`);
      expect(late.headers.get('location')).toBe(`/checkout-failed/?order=${res.body.result.increment_id}`);
      const { rows } = await server.db.query<{ status: string }>('select status from orders where increment_id = $1', [
        res.body.result.increment_id,
      ]);
      expect(rows[0].status).toBe('Cancelled');
    } finally {
      server.setNow(undefined);
    }
  });

  it('an unknown payment key is a 404 page', async () => {
    expect((await fetch(`${server.baseUrl}/pay/onbekend`)).status).toBe(404);
    expect((await postForm('/pay/onbekend/complete')).status).toBe(404);
  });
});
