import { describe, expect, it } from 'vitest';
import type { WishlistItem } from '../../../contract/wishlist.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { USER, newCustomer, withToken } from '../users/users-support.ts';

/** Spec 001 §7 wishlist calls: GET items, POST add (productId), POST delete (itemId), per customer by token. */
let server: TestServer;
let simple: { id: number; sku: string };
let parent: { id: number; sku: string };
let child: { id: number; sku: string; size: string; color: string };
let disabledId: number;

useTestServer({ products: 6 }, async (started) => {
  server = started;
  const pick = async <T>(sql: string) => (await server.db.query<T>(sql)).rows[0];
  child = await pick(`select c.id, c.sku, c.attrs->'size'->>0 as size, c.attrs->'color'->>0 as color
    from products c join products p on p.id = c.parent_id where c.status = 1 order by c.id limit 1`);
  parent = await pick(`select p.id, p.sku from products p join products c on c.parent_id = p.id
    where c.id = ${child.id}`);
  // a product without options: any other parent-level product
  simple = await pick(`select id, sku from products where parent_id is null and status = 1 and id <> ${parent.id}
    order by id limit 1`);
  // a product the shop no longer sells (status 2): any other one, disabled for this file's server
  const disabled = await pick<{ id: number }>(`select id from products where id not in (${simple.id}, ${parent.id},
    ${child.id}) and (parent_id is null or parent_id <> ${parent.id}) order by id limit 1`);
  await server.db.query('update products set status = 2 where id = $1', [disabled.id]);
  disabledId = disabled.id;
});

const WISHLIST = `${USER}/wishlist`;
const list = (token: string) => api<WishlistItem[]>(server, 'GET', withToken(WISHLIST, token));
const add = (token: string, body: unknown) =>
  api<WishlistItem>(server, 'POST', withToken(`${WISHLIST}/add`, token), body);
const remove = (token: string, body: unknown) =>
  api<boolean>(server, 'POST', withToken(`${WISHLIST}/delete`, token), body);

async function rowsOf(customerId: number) {
  const { rows } = await server.db.query<{ item_id: number; product_id: number; qty: number }>(
    'select item_id, product_id, qty from wishlist_items where customer_id = $1 order by item_id',
    [customerId],
  );
  return rows;
}

describe('GET wishlist items', () => {
  it('a new customer has an empty list; the answer carries session_expires and is never cached', async () => {
    const c = await newCustomer(server);
    const res = await list(c.token);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([]);
    expect(res.body.meta?.session_expires).toEqual(expect.any(String));
  });

  it('needs the customer token: none or an unknown one is a 401', async () => {
    expect((await api(server, 'GET', WISHLIST)).status).toBe(401);
    expect((await list('not-a-token')).status).toBe(401);
    expect((await add('not-a-token', { productId: simple.id })).status).toBe(401);
  });
});

describe('POST wishlist add', () => {
  it('adds a product with qty 1 and answers the item with product_id, item_id, sku and no options', async () => {
    const c = await newCustomer(server);
    const res = await add(c.token, { productId: simple.id });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      item_id: expect.any(Number),
      product_id: simple.id,
      sku: simple.sku,
      qty: 1,
      option: [],
    });
    expect((await list(c.token)).body.result).toEqual([res.body.result]);
    expect(await rowsOf(c.id)).toEqual([{ item_id: res.body.result.item_id, product_id: simple.id, qty: 1 }]);
  });

  it('a configurable child answers its options (attribute_id, value) for colour and size', async () => {
    const c = await newCustomer(server);
    const res = await add(c.token, { productId: child.id });
    expect(res.status).toBe(200);
    const values = res.body.result.option.map((o) => o.value).sort();
    expect(values).toEqual([child.color, child.size].sort());
    for (const o of res.body.result.option) expect(o.attribute_id).toEqual(expect.any(Number));
    expect((await add(c.token, { productId: parent.id })).body.result.option).toEqual([]);
  });

  it('adding the same product again answers the same item: a retried add leaves one row', async () => {
    const c = await newCustomer(server);
    const first = await add(c.token, { productId: simple.id });
    const again = await add(c.token, { productId: simple.id });
    expect(again.body.result.item_id).toBe(first.body.result.item_id);
    expect(await rowsOf(c.id)).toHaveLength(1);
  });

  it('bad input is a 400 naming the field', async () => {
    const c = await newCustomer(server);
    for (const [body, message] of [
      [{}, 'body.productId is required'],
      [{ productId: 'shirt' }, 'body.productId must be integer'],
      [{ productId: 0 }, 'body.productId must be >= 1'],
      [{ productId: 1.5 }, 'body.productId must be integer'],
    ] as const) {
      const res = await add(c.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result).toBe(message);
    }
    expect(await rowsOf(c.id)).toEqual([]);
  });

  it('an unknown or disabled product is a 404 with a Dutch message', async () => {
    const c = await newCustomer(server);
    for (const productId of [99_999_999, disabledId]) {
      const res = await add(c.token, { productId });
      expect(res.status).toBe(404);
      expect(res.body.result).toBe('Product niet gevonden');
    }
    expect(await rowsOf(c.id)).toEqual([]);
  });
});

describe('POST wishlist delete', () => {
  it('removes the item; a second delete is a 404', async () => {
    const c = await newCustomer(server);
    const item = (await add(c.token, { productId: simple.id })).body.result;
    const res = await remove(c.token, { itemId: item.item_id });
    expect(res.status).toBe(200);
    expect(await rowsOf(c.id)).toEqual([]);
    const again = await remove(c.token, { itemId: item.item_id });
    expect(again.status).toBe(404);
    expect(again.body.result).toBe('Dit product staat niet op je verlanglijst.');
  });

  it('bad input is a 400 naming the field', async () => {
    const c = await newCustomer(server);
    expect((await remove(c.token, {})).body.result).toBe('body.itemId is required');
    expect((await remove(c.token, { itemId: 'x' })).body.result).toBe('body.itemId must be integer');
    expect((await remove(c.token, { itemId: "1' or '1'='1" })).status).toBe(400);
  });
});

describe("another customer's wishlist", () => {
  it('is never listed, and deleting its item id is a 404 that leaves the item in place', async () => {
    const owner = await newCustomer(server);
    const other = await newCustomer(server);
    const item = (await add(owner.token, { productId: simple.id })).body.result;
    expect((await list(other.token)).body.result).toEqual([]);
    const res = await remove(other.token, { itemId: item.item_id });
    expect(res.status).toBe(404);
    expect(res.body.result).toBe('Dit product staat niet op je verlanglijst.');
    expect(await rowsOf(owner.id)).toEqual([{ item_id: item.item_id, product_id: simple.id, qty: 1 }]);
    expect((await list(owner.token)).body.result).toEqual([item]);
  });

  it('the same product on two lists is two items, each removed by its own customer only', async () => {
    const a = await newCustomer(server);
    const b = await newCustomer(server);
    const itemA = (await add(a.token, { productId: simple.id })).body.result;
    const itemB = (await add(b.token, { productId: simple.id })).body.result;
    expect(itemA.item_id).not.toBe(itemB.item_id);
    expect((await remove(a.token, { itemId: itemA.item_id })).status).toBe(200);
    expect(await rowsOf(a.id)).toEqual([]);
    expect(await rowsOf(b.id)).toHaveLength(1);
  });
});
