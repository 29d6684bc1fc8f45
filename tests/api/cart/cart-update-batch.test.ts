import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../support/test-server.ts';
import { addItem, insertProduct, makeCustomer, newGuestCart, query, setStock } from './cart-fixtures.ts';

/** `update-batch` (docs/api.md, issue 24): many lines' updates in one call, answered per line. */
const CART = '/api/ext/shop/cart';
let server: TestServer;

interface LineAnswer {
  code: number;
  result: { item_id: number; sku: string; qty: number; price: number } | string;
  meta?: Record<string, unknown>;
}

const batch = (cartId: string, cartItems: unknown, token?: string) =>
  api<LineAnswer[]>(server, 'POST', `${CART}/update-batch${query({ cartId, token })}`, { cartItems });

const pull = async (cartId: string, token?: string) =>
  (await api<{ item_id: number; sku: string; qty: number }[]>(server, 'GET', `${CART}/pull${query({ cartId, token })}`))
    .body.result;

beforeAll(async () => {
  server = await startTestServer({ products: 8 });
  await insertProduct(server.db, { id: 990201, sku: 'B-ONE', priceCents: 1000 });
  await insertProduct(server.db, { id: 990202, sku: 'B-TWO', priceCents: 2000 });
  await insertProduct(server.db, { id: 990203, sku: 'B-SOLDOUT', priceCents: 3000, stock: { qty: 5 } });
  await insertProduct(server.db, { id: 990204, sku: 'B-MAX', priceCents: 1000, stock: { qty: 100, maxSaleQty: 2 } });
});

afterAll(async () => {
  await server?.close();
});

describe('cart update-batch', () => {
  it('adds and sets many lines in one call, answering each line as update would', async () => {
    const cartId = await newGuestCart(server);
    const first = await addItem(server, cartId, 'B-ONE', 1);
    const res = await batch(cartId, [
      { sku: 'B-ONE', qty: 3, item_id: first.body.result.item_id, quoteId: cartId },
      { sku: 'B-TWO', qty: 2, quoteId: cartId },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(2);
    expect(res.body.result[0]).toMatchObject({
      code: 200,
      result: { item_id: first.body.result.item_id, sku: 'B-ONE', qty: 3, price: 10 },
    });
    expect(res.body.result[1]).toMatchObject({ code: 200, result: { sku: 'B-TWO', qty: 2, price: 20 } });
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([
      ['B-ONE', 3],
      ['B-TWO', 2],
    ]);
  });

  it('a re-sent batch (absolute quantities with item ids) changes nothing', async () => {
    const cartId = await newGuestCart(server);
    const added = await batch(cartId, [
      { sku: 'B-ONE', qty: 1 },
      { sku: 'B-TWO', qty: 1 },
    ]);
    const ids = added.body.result.map((a) => (a.result as { item_id: number }).item_id);
    const body = [
      { sku: 'B-ONE', qty: 4, item_id: ids[0] },
      { sku: 'B-TWO', qty: 5, item_id: ids[1] },
    ];
    expect((await batch(cartId, body)).status).toBe(200);
    expect((await batch(cartId, body)).status).toBe(200);
    expect((await pull(cartId)).map((l) => [l.item_id, l.qty])).toEqual([
      [ids[0], 4],
      [ids[1], 5],
    ]);
  });

  it('a line refused (sold out, max sale, unknown sku or line) answers its own error; the others apply', async () => {
    await setStock(server.db, 'B-SOLDOUT', 1);
    const cartId = await newGuestCart(server);
    const res = await batch(cartId, [
      { sku: 'B-ONE', qty: 1 },
      { sku: 'B-SOLDOUT', qty: 2 },
      { sku: 'B-MAX', qty: 3 },
      { sku: 'BESTAAT-NIET', qty: 1 },
      { sku: 'B-TWO', qty: 1, item_id: 123456789 },
      { sku: 'B-TWO', qty: 2 },
    ]);
    expect(res.status).toBe(200);
    const [one, soldOut, max, unknown, noLine, two] = res.body.result;
    expect(one.code).toBe(200);
    // the same answers as the single update call gives
    expect(soldOut).toEqual({
      code: 400,
      result: 'De gevraagde hoeveelheid is niet beschikbaar',
      meta: { maxQuantity: 1 },
    });
    expect(max.code).toBe(400);
    expect(max.meta).toEqual({ maxQuantity: 2 });
    expect(max.result).toContain('2');
    expect(unknown.code).toBe(404);
    expect(noLine).toMatchObject({ code: 400, meta: { item_id: 123456789 } });
    expect(two).toMatchObject({ code: 200, result: { sku: 'B-TWO', qty: 2 } });
    expect((await pull(cartId)).map((l) => [l.sku, l.qty])).toEqual([
      ['B-ONE', 1],
      ['B-TWO', 2],
    ]);
    const single = await addItem(server, cartId, 'B-SOLDOUT', 2);
    expect(single.body).toEqual(soldOut);
  });

  it('lines of one batch count together against the stock, in order', async () => {
    await setStock(server.db, 'B-SOLDOUT', 3);
    const cartId = await newGuestCart(server);
    const res = await batch(cartId, [
      { sku: 'B-SOLDOUT', qty: 2 },
      { sku: 'B-SOLDOUT', qty: 2 },
    ]);
    expect(res.body.result.map((a) => a.code)).toEqual([200, 400]);
    expect(res.body.result[1].meta).toEqual({ maxQuantity: 3 });
  });

  it('bad input is a 400 naming the field, and changes nothing', async () => {
    const cartId = await newGuestCart(server);
    const cases: [unknown, RegExp][] = [
      [[], /cartItems/],
      [undefined, /cartItems/],
      ['B-ONE', /cartItems/],
      [[{ sku: 'B-ONE', qty: 0 }], /cartItems\/?\.?0\.?\/?qty|qty/],
      [[{ sku: 'B-ONE', qty: 1 }, { qty: 1 }], /sku/],
      [[{ sku: 'B-ONE', qty: 1.5 }], /qty/],
      [Array.from({ length: 101 }, () => ({ sku: 'B-ONE', qty: 1 })), /cartItems/],
    ];
    for (const [cartItems, field] of cases) {
      const res = await batch(cartId, cartItems);
      expect(res.status, JSON.stringify(cartItems)).toBe(400);
      expect(res.body.code).toBe(400);
      expect(String(res.body.result)).toMatch(field);
    }
    const wrongQuote = await batch(cartId, [{ sku: 'B-ONE', qty: 1, quoteId: 'another-cart' }]);
    expect(wrongQuote.body.result[0]).toMatchObject({
      code: 400,
      result: 'body.cartItem.quoteId must equal querystring.cartId',
    });
    expect(await pull(cartId)).toEqual([]);
    // a full batch of 100 is fine
    const full = await batch(
      cartId,
      Array.from({ length: 100 }, () => ({ sku: 'B-ONE', qty: 1 })),
    );
    expect(full.status).toBe(200);
    expect(full.body.result).toHaveLength(100);
  });

  it("another customer's cart, or a customer cart without its token, is a 404 and is never changed", async () => {
    const owner = await makeCustomer(server.db);
    const other = await makeCustomer(server.db);
    const cartId = (await api<string>(server, 'POST', `${CART}/create${query({ token: owner.token })}`)).body.result;
    const asOther = await batch(cartId, [{ sku: 'B-ONE', qty: 1 }], other.token);
    expect(asOther.status).toBe(404);
    expect(asOther.body.code).toBe(404);
    expect((await batch(cartId, [{ sku: 'B-ONE', qty: 1 }])).status).toBe(404);
    expect(await pull(cartId, owner.token)).toEqual([]);
    expect((await batch(cartId, [{ sku: 'B-ONE', qty: 1 }], owner.token)).status).toBe(200);
    expect(await pull(cartId, owner.token)).toHaveLength(1);
  });

  it('an unknown cart is a 404 and an expired token a 401', async () => {
    expect((await batch('x'.repeat(43), [{ sku: 'B-ONE', qty: 1 }])).status).toBe(404);
    const cartId = await newGuestCart(server);
    expect((await batch(cartId, [{ sku: 'B-ONE', qty: 1 }], 'not-a-token')).status).toBe(401);
  });
});
