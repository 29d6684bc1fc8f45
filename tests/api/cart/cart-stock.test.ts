import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { addItem, insertProduct, newCartWithLine, newGuestCart, setStock } from './cart-fixtures.ts';

/** What a cart line may hold of a product's stock (the rest of the cart calls: cart.test.ts). */
let server: TestServer;

const newCartWith = (sku: string, qty: number, extra?: Record<string, unknown>) =>
  newCartWithLine(server, sku, qty, extra);

beforeAll(async () => {
  server = await startTestServer({ products: 8 });
  await insertProduct(server.db, { id: 990002, sku: 'T-LOW', priceCents: 1000, stock: { qty: 3 } });
  await insertProduct(server.db, {
    id: 990003,
    sku: 'T-MAXSALE',
    priceCents: 1000,
    stock: { qty: 100, maxSaleQty: 2 },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('stock limits (spec 000 §8 quantity unavailable, spec 001 §8 "Only {maxQuantity} …")', () => {
  it('more than the salable quantity is the Dutch quantity-unavailable message with maxQuantity', async () => {
    await setStock(server.db, 'T-LOW', 5, 2);
    const { cartId, res } = await newCartWith('T-LOW', 4);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      result: 'De gevraagde hoeveelheid is niet beschikbaar',
      meta: { maxQuantity: 3 },
    });
    expect((await addItem(server, cartId, 'T-LOW', 3)).status).toBe(200);
  });

  it('the limit counts every line of the product in the cart', async () => {
    await setStock(server.db, 'T-LOW', 3);
    const { cartId, res: first } = await newCartWith('T-LOW', 2);
    expect(first.status).toBe(200);
    const second = await addItem(server, cartId, 'T-LOW', 2);
    expect(second.body.meta).toEqual({ maxQuantity: 3 });
    // Setting the first line's quantity counts the others but not itself.
    expect((await addItem(server, cartId, 'T-LOW', 3, { item_id: first.body.result.item_id })).status).toBe(200);
  });

  it('two simultaneous adds to one cart cannot together exceed the stock', async () => {
    await setStock(server.db, 'T-LOW', 3);
    const cartId = await newGuestCart(server);
    const results = await Promise.all([addItem(server, cartId, 'T-LOW', 2), addItem(server, cartId, 'T-LOW', 2)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('an out-of-stock product cannot be added', async () => {
    await setStock(server.db, 'T-LOW', 0);
    const { res } = await newCartWith('T-LOW', 1);
    expect(res.body).toMatchObject({
      code: 400,
      result: 'De gevraagde hoeveelheid is niet beschikbaar',
      meta: { maxQuantity: 0 },
    });
  });

  it('more than max_sale_qty gives the maxQuantity message with the number', async () => {
    const { res } = await newCartWith('T-MAXSALE', 3);
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('2');
    expect(res.body.result).not.toBe('De gevraagde hoeveelheid is niet beschikbaar');
    expect(res.body.meta).toEqual({ maxQuantity: 2 });
  });
});
