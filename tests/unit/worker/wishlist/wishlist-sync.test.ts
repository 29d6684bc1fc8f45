import { describe, expect, it } from 'vitest';
import type { WishlistAddInput } from '../../../../worker/api-types.ts';
import { WISHLIST_TEXT } from '../../../../worker/wishlist/wishlist-messages.ts';
import { api, type TestServer } from '../../../support/test-server.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

const PASSWORD = 'Welkom#2026x';
const USER = '/api/ext/shop/user';

interface Row {
  item_id: number;
  product_id: number;
}

/** The wishlist through the worker's queue (spec 001 §4 wishlist rules, §7 wishlist calls, §8 error text). */
describe('wishlist as a replicated collection', () => {
  let server: TestServer;
  let h: EngineHarness;
  let products: { id: number; sku: string; name: string }[];
  let n = 0;

  engineSuite({ products: 6 }, (found) => ({ server } = found));

  const input = (i: number): WishlistAddInput => ({
    sku: products[i].sku,
    productId: products[i].id,
    product: { name: products[i].name, image: `${products[i].sku}.webp`, price_incl_tax: 49.95 },
  });

  async function newCustomer(): Promise<{ email: string; id: number }> {
    if (!products) {
      products = (
        await server.db.query<{ id: number; sku: string; name: string }>(
          'select id, sku, name from products where parent_id is null and status = 1 order by id limit 4',
        )
      ).rows;
    }
    const email = `verlanglijst-${++n}-${Date.now()}@example.nl`;
    const res = await api<{ id: number }>(server, 'POST', `${USER}/create`, {
      customer: { email, firstname: 'Sem', lastname: 'de Vries' },
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    return { email, id: res.body.result.id };
  }

  /** A new customer logged in on a started engine. */
  async function loggedInCustomer(): Promise<{ email: string; id: number }> {
    const c = await newCustomer();
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.session.login(c.email, PASSWORD);
    return c;
  }

  /** A guest saves products 0 and 1 on a started engine, then logs in and everything queued is answered. */
  async function guestSavesTwoThenLogsIn(email: string): Promise<void> {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.wishlist.add(input(0));
    await h.engine.wishlist.add(input(1));
    await h.engine.session.login(email, PASSWORD);
    await h.engine.whenIdle();
  }

  async function serverRows(customerId: number): Promise<Row[]> {
    const { rows } = await server.db.query<Row>(
      'select item_id, product_id from wishlist_items where customer_id = $1 order by item_id',
      [customerId],
    );
    return rows;
  }

  const deviceItems = async () =>
    (await h.engine.o.db.wishlist_items.find({ sort: [{ added_at: 'asc' }] }).exec()).map((d) => d.toMutableJSON());
  const wishlistCalls = () => h.requests.filter((r) => r.url.includes('/user/wishlist'));

  it('a guest keeps the list on the device only: add and remove are local, nothing is sent', async () => {
    await newCustomer();
    h = await engineFor(server);
    await h.engine.start();
    expect(await h.engine.wishlist.add(input(0))).toEqual({ ok: true });
    expect(await h.engine.wishlist.add(input(1))).toEqual({ ok: true });
    expect((await deviceItems()).map((i) => [i.sku, i.qty, i.item_id])).toEqual([
      [products[0].sku, 1, null],
      [products[1].sku, 1, null],
    ]);
    // the wishlist-add notification carries the product image (the app adds the guest's signup banner)
    expect(h.notes.at(-1)).toMatchObject({
      type: 'success',
      messageKey: WISHLIST_TEXT.added,
      wishlist: { action: 'add', img: `${products[1].sku}.webp` },
    });
    await h.engine.wishlist.remove(products[0].sku);
    await h.engine.whenIdle();
    expect((await deviceItems()).map((i) => i.sku)).toEqual([products[1].sku]);
    expect(wishlistCalls()).toEqual([]);
  });

  it('a member: add is local at once and gets the server item_id; remove deletes the server item', async () => {
    const c = await loggedInCustomer();
    await h.engine.wishlist.add(input(0));
    expect((await deviceItems()).map((i) => i.sku)).toEqual([products[0].sku]);
    await h.engine.whenIdle();
    const [row] = await serverRows(c.id);
    expect(row.product_id).toBe(products[0].id);
    expect((await deviceItems())[0].item_id).toBe(row.item_id);
    await h.engine.wishlist.remove(products[0].sku);
    expect(await deviceItems()).toEqual([]);
    await h.engine.whenIdle();
    expect(await serverRows(c.id)).toEqual([]);
    expect(h.notes.filter((x) => x.messageKey === WISHLIST_TEXT.failed)).toEqual([]);
  });

  it('offline: an add and a remove of the same item before any answer leave nothing on the server', async () => {
    const c = await loggedInCustomer();
    await h.engine.setOnline(false);
    await h.engine.wishlist.add(input(0));
    await h.engine.wishlist.add(input(1));
    await h.engine.wishlist.remove(products[0].sku);
    await h.engine.setOnline(true);
    await h.engine.whenIdle();
    expect((await serverRows(c.id)).map((r) => r.product_id)).toEqual([products[1].id]);
    expect((await deviceItems()).map((i) => i.sku)).toEqual([products[1].sku]);
  });

  it('a refused add (a product the shop no longer sells) is rolled back with the spec error', async () => {
    const c = await loggedInCustomer();
    await h.engine.wishlist.add({ ...input(0), productId: 99_999_999 });
    await h.engine.whenIdle();
    expect(await deviceItems()).toEqual([]);
    expect(h.notes.filter((x) => x.messageKey === WISHLIST_TEXT.failed)).toEqual([
      { type: 'danger', messageKey: WISHLIST_TEXT.failed },
    ]);
    expect(await serverRows(c.id)).toEqual([]);
  });

  it('a server failure on remove tells the shopper and does not restore the item', async () => {
    await loggedInCustomer();
    await h.engine.wishlist.add(input(0));
    await h.engine.whenIdle();
    h.intercept(async (req, real) =>
      req.url.includes('/wishlist/delete') ? { code: 500, result: 'Internal Server Error' } : real(),
    );
    await h.engine.wishlist.remove(products[0].sku);
    await h.engine.whenIdle();
    expect(await deviceItems()).toEqual([]);
    expect(h.notes.filter((x) => x.messageKey === WISHLIST_TEXT.failed)).toHaveLength(1);
  });

  it('replace deletes the old item, then adds the new one, on the device and on the server', async () => {
    const c = await loggedInCustomer();
    await h.engine.wishlist.add(input(0));
    await h.engine.wishlist.replace(products[0].sku, input(1));
    expect((await deviceItems()).map((i) => i.sku)).toEqual([products[1].sku]);
    await h.engine.whenIdle();
    expect((await serverRows(c.id)).map((r) => r.product_id)).toEqual([products[1].id]);
  });

  it('login with an empty server list pushes the guest items up once', async () => {
    const c = await newCustomer();
    await guestSavesTwoThenLogsIn(c.email);
    const rows = await serverRows(c.id);
    expect(rows.map((r) => r.product_id).sort()).toEqual([products[0].id, products[1].id].sort());
    expect((await deviceItems()).map((i) => i.item_id).sort()).toEqual(rows.map((r) => r.item_id).sort());
    expect(wishlistCalls().filter((r) => r.url.includes('/wishlist/add'))).toHaveLength(2);
  });

  it('login with a server list: its items come down, local ones missing there are added, a shared one is not doubled', async () => {
    const c = await newCustomer();
    // another device of this customer saved products 1 and 2
    const token = (await api<string>(server, 'POST', `${USER}/login`, { username: c.email, password: PASSWORD })).body
      .result;
    for (const i of [1, 2])
      await api(server, 'POST', `${USER}/wishlist/add?token=${token}`, { productId: products[i].id });
    await guestSavesTwoThenLogsIn(c.email);
    const rows = await serverRows(c.id);
    expect(rows.map((r) => r.product_id).sort()).toEqual([0, 1, 2].map((i) => products[i].id).sort());
    const device = await deviceItems();
    expect(device.map((i) => i.sku).sort()).toEqual([0, 1, 2].map((i) => products[i].sku).sort());
    // every device item is linked to its server item
    expect(device.map((i) => i.item_id).sort()).toEqual(rows.map((r) => r.item_id).sort());
    expect(wishlistCalls().filter((r) => r.url.includes('/wishlist/add'))).toHaveLength(1);
  });

  it('logout clears the list on the device; the account keeps it on the server', async () => {
    const c = await loggedInCustomer();
    await h.engine.wishlist.add(input(0));
    await h.engine.session.logout({ sendQueued: true });
    expect(await deviceItems()).toEqual([]);
    expect((await serverRows(c.id)).map((r) => r.product_id)).toEqual([products[0].id]);
  });
});
