import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../../support/test-server.ts';
import { CART_LOG, CART_TEXT } from '../../../../worker/cart/cart-messages.ts';
import { availableShippingMethods } from '../../../../domain/cart/cart-rules.ts';
import type { ShippingMethod } from '../../../../worker/cart/cart-state.ts';
import { PRICE_UNKNOWN_MESSAGE as PRICE_UNKNOWN } from '../../../../domain/cart/cart-rules.ts';
import { batches, STOCK_BATCH_SIZE } from '../../../../worker/cart/stock.ts';
import { cartLineView, cartTotalsView } from '../../../../worker/cart/cart-view.ts';
import { TASK_CART_DELETE, TASK_CART_SYNC, TASK_CART_UPDATE } from '../../../../worker/cart/cart-tasks.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';
import { CART_BYPASS_PAUSE_MS } from '../../../../worker/cart/cart-config.ts';

async function serverCart(server: TestServer, cartId: string, token?: string | null) {
  const res = await api<Array<{ sku: string; qty: number; item_id: number }>>(
    server,
    'GET',
    `/api/ext/shop/cart/pull?cartId=${cartId}${token ? `&token=${token}` : ''}`,
  );
  return res.body.result;
}

/** Starts the engine with a stored user token the server rejects, so the cart connect answers 401. */
async function startWithRejectedUserToken(h: EngineHarness): Promise<void> {
  await h.engine.o.db.kv.insert({
    key: 'current-user',
    value: { token: 'not-a-valid-token' },
    updated_at: Date.now(),
  });
  await h.engine.start();
}

describe('cart sync engine (spec 000 §4)', () => {
  let server: TestServer;
  let skus: string[];
  let h: EngineHarness;

  engineSuite({ products: 12 }, (found) => ({ server, skus } = found));

  it('adding writes the local cart first and queues the server call (works offline)', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    expect((await h.engine.cart.add({ sku: skus[0], qty: 2 })).ok).toBe(true);
    const items = await h.engine.cartStore.items();
    expect(items.map((i) => [i.sku, i.qty])).toEqual([[skus[0], 2]]);
    expect((await h.engine.queue.pending()).map((t) => t.kind)).toEqual([TASK_CART_UPDATE]);
    expect(h.requests).toEqual([]);
    expect(h.notes.map((n) => n.messageKey)).toEqual([CART_TEXT.stockVolatile]);
  });

  it('a quantity that is not a number is parsed to an integer; an add defaults to quantity 1', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: '3' });
    await h.engine.cart.add({ sku: skus[1] });
    expect((await h.engine.cartStore.items()).map((i) => i.qty)).toEqual([3, 1]);
  });

  it('price_incl_tax below 0 is refused, zero price allowed, any errors entry blocks adding', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    expect(await h.engine.cart.add({ sku: skus[0], product: { name: 'Sokken', price_incl_tax: -1 } })).toEqual({
      ok: false,
      messageKey: PRICE_UNKNOWN,
    });
    expect((await h.engine.cart.add({ sku: skus[0], product: { name: 'Sokken', price_incl_tax: 0 } })).ok).toBe(true);
    const blocked = await h.engine.cart.add({
      sku: skus[1],
      product: { name: 'Overhemd', price_incl_tax: 49.95 },
      errors: { variants: 'No available product variants' },
    });
    expect(blocked).toEqual({ ok: false, messageKey: 'No available product variants' });
    expect((await h.engine.cartStore.items()).map((i) => i.sku)).toEqual([skus[0]]);
  });

  it("server update success links item_id and notifies 'Product has been added to the cart!' with proceed to checkout", async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    expect(await h.engine.whenIdle()).toBe(true);
    const [item] = await h.engine.cartStore.items();
    expect(item.item_id).toEqual(expect.any(Number));
    const added = h.notes.find((n) => n.messageKey === CART_TEXT.productAdded);
    expect(added?.action).toEqual({ labelKey: CART_TEXT.proceedToCheckout, href: '/checkout' });
    await h.engine.cart.updateQty(item.local_id, 4);
    await h.engine.whenIdle();
    expect(h.notes.some((n) => n.messageKey === CART_TEXT.qtyUpdated)).toBe(true);
    expect((await serverCart(server, h.engine.cartStore.cartServerToken()!)).map((l) => [l.sku, l.qty])).toEqual([
      [skus[0], 4],
    ]);
  });

  it('no cart notification while the user is in checkout (details modified within 30 minutes)', async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.checkout.save({ personal: { email: 'a@b.nl', firstname: 'Sem', lastname: 'de Vries' } });
    await h.engine.cart.add({ sku: skus[0] });
    await h.engine.whenIdle();
    expect(h.notes.some((n) => n.messageKey === CART_TEXT.productAdded)).toBe(false);
  });

  it('a failed item update removes the item when it never reached the server', async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: 'NO-SUCH-SKU', qty: 1 });
    await h.engine.whenIdle();
    expect(await h.engine.cartStore.items()).toEqual([]);
  });

  it("out-of-stock items may be added (spec 000 §9): the server refuses the line, the device keeps it marked 'Out of the stock!', charged nothing", async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0] });
    await h.engine.whenIdle();
    await server.db.query(
      'update stock_items set is_in_stock = false where product_id = (select id from products where sku = $1)',
      [skus[1]],
    );
    try {
      expect((await h.engine.cart.add({ sku: skus[1], product: { name: 'Sokken', price_incl_tax: 12.95 } })).ok).toBe(
        true,
      );
      await h.engine.whenIdle();
      const items = await h.engine.cartStore.items();
      const soldOut = items.find((i) => i.sku === skus[1])!;
      expect(soldOut).toMatchObject({ is_in_stock: false, errors: { stock: CART_TEXT.outOfTheStock } });
      expect(soldOut.item_id ?? null).toBeNull();
      expect(h.notes.map((n) => n.messageKey)).toContain(CART_TEXT.outOfTheStock);
      expect(h.notes.map((n) => n.messageKey)).not.toContain(CART_TEXT.outOfStock);
      // the server's cart holds only what it can sell
      const token = h.engine.cartStore.cartServerToken()!;
      expect((await serverCart(server, token)).map((l) => l.sku)).toEqual([skus[0]]);
      // the line shows, charged nothing: the totals are the server's, not a provisional sum with the refused line
      const lines = items.map(cartLineView);
      expect(lines.find((l) => l.sku === skus[1])).toMatchObject({ rowTotalCents: null, offServer: true });
      const totals = cartTotalsView(lines, (await h.engine.cartStore.state()).platformTotals);
      expect(totals).toMatchObject({ provisional: false, fromServer: true });
      expect(totals.subtotal).toBe(lines.find((l) => l.sku === skus[0])!.rowTotalCents);
    } finally {
      await server.db.query(
        'update stock_items set is_in_stock = true where product_id = (select id from products where sku = $1)',
        [skus[1]],
      );
    }
  });

  it('a failed item update restores the previous quantity', async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.whenIdle();
    const [item] = await h.engine.cartStore.items();
    await h.engine.cart.updateQty(item.local_id, 100_000);
    await h.engine.whenIdle();
    expect((await h.engine.cartStore.items()).map((i) => i.qty)).toEqual([2]);
  });

  it('removing an item syncs only when it has a server id', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0] });
    const [local] = await h.engine.cartStore.items();
    await h.engine.cart.remove(local.local_id);
    // the queued add reads the line when sent: it is gone, so nothing is sent at all
    expect((await h.engine.queue.pending()).some((t) => t.kind === TASK_CART_DELETE)).toBe(false);
    await h.engine.setOnline(true);
    await h.engine.whenIdle();
    expect(h.requests.some((r) => r.url.includes('/cart/update') || r.url.includes('/cart/delete'))).toBe(false);
  });

  it('sync: a 404 (server cart gone) creates a new server cart and pushes the client items', async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.whenIdle();
    const old = h.engine.cartStore.cartServerToken()!;
    await server.db.query('delete from carts where cart_id = $1', [old]);
    await h.engine.cartSync.requestSync(true);
    await h.engine.whenIdle();
    const fresh = h.engine.cartStore.cartServerToken()!;
    expect(fresh).not.toBe(old);
    expect((await serverCart(server, fresh)).map((l) => [l.sku, l.qty])).toEqual([[skus[0], 2]]);
  });

  /** A guest cart on the server holding `sku`, and the engine told it is the one this browser's cookie remembers. */
  async function rememberedGuestCart(h: EngineHarness, sku: string): Promise<string> {
    const cartId = (await api<string>(server, 'POST', '/api/ext/shop/cart/create?storeCode=nl')).body.result;
    await api(server, 'POST', `/api/ext/shop/cart/update?cartId=${cartId}`, {
      cartItem: { sku, qty: 1, quoteId: cartId },
    });
    h.intercept((req, send) =>
      req.url.includes('/cart/remembered') ? Promise.resolve({ code: 200, result: cartId }) : send(),
    );
    return cartId;
  }

  it('a wiped device with a line added since adopts the remembered guest cart: both lines on the server and the device', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    const remembered = await rememberedGuestCart(h, skus[0]);
    await h.engine.cart.add({ sku: skus[1], qty: 1 });
    h.engine.queue.online = true;
    await h.engine.queue.process();
    await h.engine.whenIdle();
    expect(h.engine.cartStore.cartServerToken()).toBe(remembered);
    expect(h.requests.some((r) => r.url.includes('/cart/create'))).toBe(false);
    const lines = (list: Array<{ sku: string; qty: number }>) => list.map((l) => [l.sku, l.qty]).sort();
    expect(lines(await serverCart(server, remembered))).toEqual(
      lines([
        { sku: skus[0], qty: 1 },
        { sku: skus[1], qty: 1 },
      ]),
    );
    expect(lines(await h.engine.cartStore.items())).toEqual(lines(await serverCart(server, remembered)));
  });

  it('a device that lost its cart id but kept lines of the remembered cart adopts it again: no second cart, no line twice', async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.whenIdle();
    const cartId = h.engine.cartStore.cartServerToken()!;
    h.intercept((req, send) =>
      req.url.includes('/cart/remembered') ? Promise.resolve({ code: 200, result: cartId }) : send(),
    );
    // the device's state lost (its storage cleared under the worker), the lines kept in memory
    await h.engine.cartStore.patchState({ cartServerToken: null });
    await h.engine.cart.add({ sku: skus[1], qty: 1 });
    await h.engine.whenIdle();
    expect(h.engine.cartStore.cartServerToken()).toBe(cartId);
    expect(h.requests.filter((r) => r.url.includes('/cart/create'))).toHaveLength(1);
    const lines = (await serverCart(server, cartId)).map((l) => [l.sku, l.qty]).sort();
    expect(lines).toEqual(
      [
        [skus[0], 1],
        [skus[1], 1],
      ].sort(),
    );
    expect((await h.engine.cartStore.items()).map((l) => l.sku).sort()).toEqual([skus[0], skus[1]].sort());
  });

  it("lines of another server cart (a member's, before logout) are not put into the remembered guest cart", async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.whenIdle();
    const own = h.engine.cartStore.cartServerToken()!;
    const remembered = await rememberedGuestCart(h, skus[1]);
    await h.engine.cartStore.patchState({ cartServerToken: null });
    await h.engine.cart.add({ sku: skus[2], qty: 1 });
    await h.engine.whenIdle();
    const fresh = h.engine.cartStore.cartServerToken()!;
    expect([own, remembered]).not.toContain(fresh);
    expect((await serverCart(server, remembered)).map((l) => l.sku)).toEqual([skus[1]]);
  });

  it("an edit queued behind a pull does not delete the server's lines the device lacks: they are added", async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    const remembered = await rememberedGuestCart(h, skus[0]);
    await h.engine.cart.add({ sku: skus[1], qty: 1 });
    let edited = false;
    h.intercept(async (req, send) => {
      if (req.url.includes('/cart/remembered')) return { code: 200, result: remembered };
      if (req.url.includes('/cart/pull') && !edited) {
        edited = true;
        await h.engine.cart.add({ sku: skus[2], qty: 1 });
      }
      return send();
    });
    h.engine.queue.online = true;
    await h.engine.queue.process();
    await h.engine.whenIdle();
    expect(edited).toBe(true);
    expect((await serverCart(server, remembered)).map((l) => l.sku).sort()).toEqual(skus.slice(0, 3).sort());
    expect((await h.engine.cartStore.items()).map((l) => l.sku).sort()).toEqual(skus.slice(0, 3).sort());
  });

  it('a line removed while a pull waits ahead of its delete is not brought back by that pull', async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.cart.add({ sku: skus[1], qty: 1 });
    await h.engine.whenIdle();
    const cartId = h.engine.cartStore.cartServerToken()!;
    h.engine.queue.online = false;
    await h.engine.cartSync.requestSync(false);
    const first = (await h.engine.cartStore.items()).find((l) => l.sku === skus[0])!;
    await h.engine.cart.remove(first.local_id);
    expect((await h.engine.queue.pending()).map((t) => t.kind)).toEqual([TASK_CART_SYNC, TASK_CART_DELETE]);
    h.engine.queue.online = true;
    await h.engine.queue.process();
    await h.engine.whenIdle();
    expect((await h.engine.cartStore.items()).map((l) => l.sku)).toEqual([skus[1]]);
    expect((await serverCart(server, cartId)).map((l) => l.sku)).toEqual([skus[1]]);
  });

  it('a task that needs a cart id and has none recreates the cart (spec 000 §8 log)', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0] });
    h.engine.queue.online = true;
    await h.engine.queue.process();
    await h.engine.whenIdle();
    expect(
      h.logs.some((l) => l.endsWith('the required cartId argument is null. Re-creating shopping cart synchro.')),
    ).toBe(true);
    expect(await serverCart(server, h.engine.cartStore.cartServerToken()!)).toHaveLength(1);
  });

  it("connect: the server cart belongs to the engine's store view, so a BE device's cart is the BE store's", async () => {
    h = await engineFor(server, { cart: { storeCode: 'be', taxDefaultCountry: 'BE' } });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.whenIdle();
    const cartId = h.engine.cartStore.cartServerToken()!;
    const { rows } = await server.db.query<{ store_code: string }>('select store_code from carts where cart_id = $1', [
      cartId,
    ]);
    expect(rows).toEqual([{ store_code: 'be' }]);
    expect((await serverCart(server, cartId)).map((i) => i.sku)).toEqual([skus[0]]);
  });

  it('connect: a 401 retries as a guest cart and the bypass counter resets when a connect succeeds', async () => {
    h = await engineFor(server);
    await startWithRejectedUserToken(h);
    const state = await h.engine.cartStore.state();
    expect(state.cartServerToken).toEqual(expect.any(String));
    expect(state.connectBypassCount).toBe(0);
    expect(h.requests.filter((r) => r.url.includes('/cart/create')).map((r) => r.code)).toEqual([401, 200]);
  });

  it('connect: when the bypass attempts run out cart sync is treated as disabled, for 30 minutes after the last bypass', async () => {
    let clock = Date.now();
    h = await engineFor(server, { cart: { maxCartBypassAttempts: 0 }, now: () => clock });
    await startWithRejectedUserToken(h);
    const state = await h.engine.cartStore.state();
    expect([state.cartServerToken, state.syncDisabled]).toEqual([null, true]);
    // spec 000 §9 storage key last-cart-bypass-ts: when the bypass rule last acted
    expect((await h.engine.o.db.kv.findOne('last-cart-bypass-ts').exec())?.toMutableJSON().value).toBe(clock);
    const creates = () => h.requests.filter((r) => r.url.includes('/cart/create')).length;
    expect(creates()).toBe(1);
    // a later page of the same visit does not ask the refusing server again
    clock += CART_BYPASS_PAUSE_MS - 1;
    await h.engine.cartSync.connect({ sync: true });
    expect(creates()).toBe(1);
    // after the pause the attempts start over: the refused token is gone by now, so a guest cart is made
    clock += 1;
    await h.engine.cartSync.connect({ sync: true });
    await h.engine.whenIdle();
    expect(h.requests.filter((r) => r.url.includes('/cart/create')).map((r) => r.code)).toEqual([401, 200]);
    const after = await h.engine.cartStore.state();
    expect([typeof after.cartServerToken, after.syncDisabled]).toEqual(['string', false]);
  });

  it('going online processes the queue and reloads the cart from client state', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.cart.add({ sku: skus[1], qty: 3 });
    await h.engine.setOnline(true);
    await h.engine.whenIdle();
    const lines = await serverCart(server, h.engine.cartStore.cartServerToken()!);
    expect(lines.map((l) => [l.sku, l.qty]).sort()).toEqual(
      [
        [skus[0], 1],
        [skus[1], 3],
      ].sort(),
    );
  });

  it("a pull that finds another unit price on the server shows the server's on the line (spec 000 §6)", async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1, product: { name: 'Overhemd', price_incl_tax: 1234.5 } });
    expect(await h.engine.whenIdle()).toBe(true);
    const cartId = h.engine.cartStore.cartServerToken()!;
    const priceOnServer = async () =>
      (await serverCart(server, cartId)).map((l) => (l as unknown as { price: number }).price)[0];
    const first = await priceOnServer();
    // the accepted add already carries the server's price, not the one the page had
    expect((await h.engine.cartStore.items())[0].price_incl_tax).toBe(first);

    // the shop lowers the price (or a member's personal price starts): the next pull brings it to the line
    await server.db.query('update products set price_cents = 1000, special_price_cents = null where sku = $1', [
      skus[0],
    ]);
    const lowered = await priceOnServer();
    expect(lowered).toBeLessThan(first);
    await h.engine.cartSync.requestSync(false);
    await h.engine.whenIdle();
    const [line] = await h.engine.cartStore.items();
    expect(line.price_incl_tax).toBe(lowered);
    expect(cartLineView(line).unitCents).toBe(Math.round(lowered * 100));
  });

  it("stock sync on cart items: 'In stock!' info, 'Out of the stock!' error", async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0] });
    await h.engine.cart.add({ sku: skus[1] });
    await h.engine.whenIdle();
    await server.db.query(
      'update stock_items set is_in_stock = false where product_id = (select id from products where sku = $1)',
      [skus[1]],
    );
    try {
      await h.engine.stock.syncCartStock();
      const items = await h.engine.cartStore.items();
      expect(items.find((i) => i.sku === skus[0])?.info).toEqual({ stock: CART_TEXT.inStock });
      expect(items.find((i) => i.sku === skus[1])?.errors).toEqual({ stock: CART_TEXT.outOfTheStock });
    } finally {
      await server.db.query(
        'update stock_items set is_in_stock = true where product_id = (select id from products where sku = $1)',
        [skus[1]],
      );
    }
  });

  it('stock prefetch is split into batches of 15 skus', () => {
    const list = Array.from({ length: 31 }, (_, i) => `sku-${i}`);
    expect(batches(list).map((b) => b.length)).toEqual([15, 15, 1]);
    expect(STOCK_BATCH_SIZE).toBe(15);
  });

  it('a shipping method is shown only if its available flag is missing or true', () => {
    const base = { carrier_code: 'dhl', method_title: 'DHL', price_incl_tax: 4.95 };
    const methods: ShippingMethod[] = [
      { ...base, method_code: 'a' },
      { ...base, method_code: 'b', available: true },
      { ...base, method_code: 'c', available: false },
    ];
    const shown = availableShippingMethods(methods);
    expect(shown.map((m) => m.method_code)).toEqual(['a', 'b']);
  });

  it("totals need tax.defaultCountry, otherwise 'Please do set the tax.defaultCountry in order to calculate totals' is logged", async () => {
    h = await engineFor(server, { cart: { taxDefaultCountry: null } });
    await h.engine.start();
    await h.engine.whenIdle();
    await h.engine.totals.syncTotals();
    expect(h.logs).toContain(CART_LOG.taxDefaultCountry);
    expect(h.requests.some((r) => r.url.includes('/cart/totals'))).toBe(false);
  });

  it('a lost answer after the server applied an add does not add the line twice', async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.whenIdle();
    let lost = false;
    h.intercept(async (req, real) => {
      const res = await real();
      if (!lost && req.url.includes('/cart/update')) {
        lost = true;
        throw new (await import('../../../../worker/http/errors.ts')).NetworkError('answer lost', 'ENETWORK');
      }
      return res;
    });
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.whenIdle();
    expect((await serverCart(server, h.engine.cartStore.cartServerToken()!)).map((l) => [l.sku, l.qty])).toEqual([
      [skus[0], 2],
    ]);
  });
});
