import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../support/test-server.ts';
import {
  addItem,
  DUTCH_ADDRESS,
  insertProduct,
  makeCustomer,
  newCartWithLine,
  newGuestCart,
  query,
} from './cart-fixtures.ts';

const CART = '/api/ext/shop/cart';
let server: TestServer;
let sizeAttributeId: number;

const newCartWith = (sku: string, qty: number, extra?: Record<string, unknown>) =>
  newCartWithLine(server, sku, qty, extra);

beforeAll(async () => {
  server = await startTestServer({ products: 8 });
  const db = server.db;
  const { rows } = await db.query<{ attribute_id: number }>(
    `select attribute_id from attributes where attribute_code = 'size'`,
  );
  sizeAttributeId = rows[0].attribute_id;
  await db.query(
    `insert into attribute_options (attribute_id, value, label) values ($1, '99901', 'TM'), ($1, '99902', 'TL')`,
    [sizeAttributeId],
  );
  await insertProduct(db, { id: 990001, sku: 'T-SIMPLE', priceCents: 2995 });
  await insertProduct(db, { id: 990004, sku: 'T-DISABLED', priceCents: 1000 });
  await db.query('update products set status = 2 where id = 990004');
  await insertProduct(db, {
    id: 990100,
    sku: 'T-CONF',
    typeId: 'configurable',
    priceCents: 4995,
    name: 'Test overhemd',
    attrs: { size: ['99901', '99902'] },
    doc: { configurable_options: [{ attribute_id: sizeAttributeId, attribute_code: 'size' }] },
  });
  const variants: Array<[id: number, sku: string, size: string]> = [
    [990101, 'T-CONF-M', '99901'],
    [990102, 'T-CONF-L', '99902'],
  ];
  for (const [id, sku, size] of variants) {
    await insertProduct(db, { id, sku, parentId: 990100, priceCents: 4995, attrs: { size: [size] } });
  }
});

afterAll(async () => {
  await server?.close();
});

describe('cart create (spec 000 §4 "Cart connect")', () => {
  it('a guest gets a long random cart id, a new one each time', async () => {
    const a = await newGuestCart(server);
    const b = await newGuestCart(server);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(a).not.toBe(b);
  });

  it('a customer gets their one active cart, also when two creates race', async () => {
    const { token } = await makeCustomer(server.db);
    const [a, b] = await Promise.all([
      api<string>(server, 'POST', `${CART}/create${query({ token })}`),
      api<string>(server, 'POST', `${CART}/create${query({ token })}`),
    ]);
    expect(a.status).toBe(200);
    expect(a.body.result).toBe(b.body.result);
    const again = await api<string>(server, 'POST', `${CART}/create${query({ token })}`);
    expect(again.body.result).toBe(a.body.result);
  });

  it('a customer has one active cart per store view, so the NL and BE carts never mix (spec 000 §2)', async () => {
    const { token } = await makeCustomer(server.db);
    const create = async (storeCode: string) =>
      (await api<string>(server, 'POST', `${CART}/create${query({ token, storeCode })}`)).body.result;
    const nl = await create('nl');
    const be = await create('be');
    expect(be).not.toBe(nl);
    expect(await create('be')).toBe(be);
    expect(await create('nl')).toBe(nl);
    const { rows } = await server.db.query<{ cart_id: string; store_code: string }>(
      'select cart_id, store_code from carts where cart_id = any($1) order by store_code',
      [[nl, be]],
    );
    expect(rows).toEqual([
      { cart_id: be, store_code: 'be' },
      { cart_id: nl, store_code: 'nl' },
    ]);
    expect((await addItem(server, be, 'T-SIMPLE', 1, {}, token)).status).toBe(200);
    const pulled = await api<unknown[]>(server, 'GET', `${CART}/pull${query({ token, cartId: nl })}`);
    expect(pulled.body.result).toEqual([]);
  });

  it('an invalid token is a 401 (the client then connects a guest cart)', async () => {
    const res = await api(server, 'POST', `${CART}/create${query({ token: 'not-a-token' })}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('a bodiless call with a JSON content type is accepted (the client sends the header on every call)', async () => {
    const res = await fetch(`${server.baseUrl}${CART}/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const bad = await fetch(`${server.baseUrl}${CART}/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
  });

  it('an unknown store code is a 400', async () => {
    const res = await api(server, 'POST', `${CART}/create${query({ storeCode: 'xx' })}`);
    expect(res.status).toBe(400);
  });
});

describe('cart update, pull and delete', () => {
  it('adds a line, pulls it with the server item shape, and deletes it', async () => {
    const { cartId, res: added } = await newCartWith('T-SIMPLE', 2);
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({
      sku: 'T-SIMPLE',
      qty: 2,
      price: 29.95,
      product_type: 'simple',
      quote_id: cartId,
    });
    expect(typeof added.body.result.item_id).toBe('number');

    const pulled = await api<unknown[]>(server, 'GET', `${CART}/pull${query({ cartId })}`);
    expect(pulled.status).toBe(200);
    expect(pulled.body.result).toEqual([
      {
        item_id: added.body.result.item_id,
        sku: 'T-SIMPLE',
        qty: 2,
        name: 'Testproduct T-SIMPLE',
        price: 29.95,
        product_type: 'simple',
        quote_id: cartId,
        product_option: null,
      },
    ]);

    const del = await api(server, 'POST', `${CART}/delete${query({ cartId })}`, {
      cartItem: { item_id: added.body.result.item_id, quoteId: cartId },
    });
    expect(del.body).toEqual({ code: 200, result: true });
    // Idempotent: a retried delete of a line already gone still answers true.
    const again = await api(server, 'POST', `${CART}/delete${query({ cartId })}`, {
      cartItem: { item_id: added.body.result.item_id },
    });
    expect(again.body).toEqual({ code: 200, result: true });
    const empty = await api<unknown[]>(server, 'GET', `${CART}/pull${query({ cartId })}`);
    expect(empty.body.result).toEqual([]);
  });

  it('without item_id update adds a new line; with item_id it sets the absolute quantity (idempotent on retry)', async () => {
    const { cartId, res: first } = await newCartWith('T-SIMPLE', 1);
    const second = await addItem(server, cartId, 'T-SIMPLE', 1);
    expect(second.body.result.item_id).not.toBe(first.body.result.item_id);

    for (let i = 0; i < 2; i++) {
      const set = await addItem(server, cartId, 'T-SIMPLE', 4, { item_id: first.body.result.item_id });
      expect(set.status).toBe(200);
      expect(set.body.result).toMatchObject({ item_id: first.body.result.item_id, qty: 4 });
    }
    const pulled = await api<{ item_id: number; qty: number }[]>(server, 'GET', `${CART}/pull${query({ cartId })}`);
    expect(pulled.body.result.map((i) => [i.item_id, i.qty])).toEqual([
      [first.body.result.item_id, 4],
      [second.body.result.item_id, 1],
    ]);
  });

  it('an item_id that is not in this cart is a 400 (404 would mean "cart gone")', async () => {
    const { res } = await newCartWith('T-SIMPLE', 1, { item_id: 987654 });
    expect(res.status).toBe(400);
  });

  it.each([
    ['qty 0', { sku: 'T-SIMPLE', qty: 0 }, 'body.cartItem.qty must be >= 1'],
    ['qty -1', { sku: 'T-SIMPLE', qty: -1 }, 'body.cartItem.qty must be >= 1'],
    ["qty 'abc'", { sku: 'T-SIMPLE', qty: 'abc' }, 'body.cartItem.qty must be integer'],
    ['qty 1.5', { sku: 'T-SIMPLE', qty: 1.5 }, 'body.cartItem.qty must be integer'],
    ['missing qty', { sku: 'T-SIMPLE' }, 'body.cartItem.qty is required'],
    ['missing sku', { qty: 1 }, 'body.cartItem.sku is required'],
    ['sku not a string', { sku: { a: 1 }, qty: 1 }, 'body.cartItem.sku must be string'],
  ])('bad input: %s is a 400 naming the field', async (_name, cartItem, message) => {
    const cartId = await newGuestCart(server);
    const res = await api(server, 'POST', `${CART}/update${query({ cartId })}`, { cartItem });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: message });
  });

  it('a missing cartItem or cartId is a 400 naming the field', async () => {
    const cartId = await newGuestCart(server);
    const noItem = await api(server, 'POST', `${CART}/update${query({ cartId })}`, {});
    expect(noItem.body).toEqual({ code: 400, result: 'body.cartItem is required' });
    const noCart = await api(server, 'GET', `${CART}/pull`);
    expect(noCart.body).toEqual({ code: 400, result: 'querystring.cartId is required' });
  });

  it('a quoteId that is not the cart is a 400', async () => {
    const cartId = await newGuestCart(server);
    const res = await api(server, 'POST', `${CART}/update${query({ cartId })}`, {
      cartItem: { sku: 'T-SIMPLE', qty: 1, quoteId: 'other' },
    });
    expect(res.status).toBe(400);
  });

  it('an unknown sku is a 404; a disabled product a 400', async () => {
    const cartId = await newGuestCart(server);
    expect((await addItem(server, cartId, 'BESTAAT-NIET', 1)).status).toBe(404);
    expect((await addItem(server, cartId, 'T-DISABLED', 1)).status).toBe(400);
  });
});

describe('configurable products (spec 000 §5 "Cart item identity": configurable by child sku)', () => {
  it('a configurable parent sku without options is a 400', async () => {
    const { res } = await newCartWith('T-CONF', 1);
    expect(res.status).toBe(400);
  });

  it('a child sku is stored under its parent with its options, labelled Size', async () => {
    const { cartId, res } = await newCartWith('T-CONF-L', 1);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      sku: 'T-CONF-L',
      name: 'Test overhemd',
      product_type: 'configurable',
      product_option: {
        extension_attributes: {
          configurable_item_options: [{ option_id: String(sizeAttributeId), option_value: '99902' }],
        },
      },
    });
    const { rows } = await server.db.query<{ parent_sku: string }>(
      'select parent_sku from cart_items where item_id = $1',
      [res.body.result.item_id],
    );
    expect(rows[0].parent_sku).toBe('T-CONF');
    const totals = await api<{ items: { options: string }[] }>(server, 'GET', `${CART}/totals${query({ cartId })}`);
    expect(JSON.parse(totals.body.result.items[0].options)).toEqual([{ label: 'Size', value: 'TL' }]);
  });

  it('a parent sku with configurable_item_options resolves to the matching child', async () => {
    const cartId = await newGuestCart(server);
    const option = {
      extension_attributes: { configurable_item_options: [{ option_id: sizeAttributeId, option_value: '99901' }] },
    };
    const res = await addItem(server, cartId, 'T-CONF', 1, { product_option: option });
    expect(res.status).toBe(200);
    expect(res.body.result.sku).toBe('T-CONF-M');
  });

  it('options that no child has are a 400', async () => {
    const cartId = await newGuestCart(server);
    const option = {
      extension_attributes: { configurable_item_options: [{ option_id: sizeAttributeId, option_value: '12345' }] },
    };
    expect((await addItem(server, cartId, 'T-CONF', 1, { product_option: option })).status).toBe(400);
    expect((await addItem(server, cartId, 'T-CONF-M', 1, { product_option: option })).status).toBe(400);
  });
});

describe('cart access (a cart of another customer or an unknown id is a 404, never data)', () => {
  it('another customer cannot read or change a customer cart', async () => {
    const owner = await makeCustomer(server.db);
    const other = await makeCustomer(server.db);
    const cartId = (await api<string>(server, 'POST', `${CART}/create${query({ token: owner.token })}`)).body.result;
    expect((await addItem(server, cartId, 'T-SIMPLE', 1, {}, owner.token)).status).toBe(200);

    for (const [method, path, body] of [
      ['GET', 'pull', undefined],
      ['GET', 'totals', undefined],
      ['POST', 'update', { cartItem: { sku: 'T-SIMPLE', qty: 1 } }],
      ['POST', 'delete', { cartItem: { item_id: 1 } }],
    ] as const) {
      const asOther = await api(server, method, `${CART}/${path}${query({ cartId, token: other.token })}`, body);
      expect(asOther.status, `${path} as another customer`).toBe(404);
      const asGuest = await api(server, method, `${CART}/${path}${query({ cartId })}`, body);
      expect(asGuest.status, `${path} without token`).toBe(404);
    }
    const own = await api<unknown[]>(server, 'GET', `${CART}/pull${query({ cartId, token: owner.token })}`);
    expect(own.body.result).toHaveLength(1);
  });

  it('an unknown guest cart id is a 404', async () => {
    const res = await api(server, 'GET', `${CART}/pull${query({ cartId: 'x'.repeat(43) })}`);
    expect(res.status).toBe(404);
  });

  it('an expired token on a cart call is a 401', async () => {
    const { token, customerId } = await makeCustomer(server.db);
    const cartId = (await api<string>(server, 'POST', `${CART}/create${query({ token })}`)).body.result;
    await server.db.query(`update auth_tokens set expires_at = now() - interval '1 minute' where customer_id = $1`, [
      customerId,
    ]);
    const res = await api(server, 'GET', `${CART}/pull${query({ cartId, token })}`);
    expect(res.status).toBe(401);
  });

  it('a guest cart is bearer-by-id: usable with a customer token too (the client merges it after login)', async () => {
    const { token } = await makeCustomer(server.db);
    const cartId = await newGuestCart(server);
    expect((await addItem(server, cartId, 'T-SIMPLE', 1)).status).toBe(200);
    const res = await api<unknown[]>(server, 'GET', `${CART}/pull${query({ cartId, token })}`);
    expect(res.body.result).toHaveLength(1);
  });
});

describe('on the seeded shop (configurable children, coupons, DHL and iDEAL of the seed)', () => {
  it('adds a seeded size/colour variant, applies WELKOM10 and places the order', async () => {
    const { rows } = await server.db.query<{ sku: string; parent: string }>(
      `select c.sku, p.sku as parent from products c join products p on p.id = c.parent_id
         join stock_items s on s.product_id = c.id
        where p.type_id = 'configurable' and c.status = 1 and p.status = 1 and s.is_in_stock and s.qty - s.reserved_qty >= 2
        order by c.id limit 1`,
    );
    const variant = rows[0];
    const cartId = await newGuestCart(server);
    const added = await addItem(server, cartId, variant.sku, 1);
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({ sku: variant.sku, product_type: 'configurable' });
    const totals = await api<{ items: { options: string }[]; grand_total: number }>(
      server,
      'GET',
      `${CART}/totals${query({ cartId })}`,
    );
    const labels = (JSON.parse(totals.body.result.items[0].options) as { label: string; value: string }[]).map(
      (o) => o.label,
    );
    expect(labels).toEqual(expect.arrayContaining(['Size']));

    expect((await api(server, 'POST', `${CART}/apply-coupon${query({ cartId, coupon: 'WELKOM10' })}`)).body).toEqual({
      code: 200,
      result: true,
    });
    const methods = await api<{ carrier_code: string; method_code: string; available: boolean }[]>(
      server,
      'POST',
      `${CART}/shipping-methods${query({ cartId })}`,
      { country_id: 'NL' },
    );
    const available = methods.body.result.filter((m) => m.available);
    expect(available.length).toBeGreaterThan(0);
    const payments = await api<{ code: string }[]>(server, 'GET', `${CART}/payment-methods${query({ cartId })}`);
    expect(payments.body.result.length).toBeGreaterThan(0);

    const order = await api<{ increment_id: string; grand_total: number }>(server, 'POST', '/api/order', {
      order_id: `seeded-${Date.now()}`,
      cart_id: cartId,
      email: 'gast@example.nl',
      products: [{ sku: variant.sku, qty: 1 }],
      addressInformation: {
        shippingAddress: DUTCH_ADDRESS,
        shipping_method_code: available[0].method_code,
        shipping_carrier_code: available[0].carrier_code,
        payment_method_code: payments.body.result[0].code,
      },
    });
    expect(order.status).toBe(200);
    expect(order.body.result.increment_id).toMatch(/^1\d{8}$/);
  });
});
