import { afterEach, describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../../support/test-server.ts';
import { TASK_CART_UPDATE } from '../../../../worker/cart/cart-tasks.ts';
import { CART_TEXT, SERVER_TEXT } from '../../../../worker/cart/cart-messages.ts';
import { FaultProxy } from '../support/fault-proxy.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

/**
 * Issue 24 "Drained faster": consecutive waiting cart updates go as one update-batch call, each queued task keeping
 * its own answer. Against the real server; the lost answer through the fault proxy, as the fault-injection suites do.
 */
describe('cart updates sent as one batch (docs/sync-engine.md "Queue drain speed")', () => {
  let server: TestServer;
  let skus: string[];
  let h: EngineHarness;
  let proxy: FaultProxy | null = null;

  engineSuite({ products: 40 }, (found) => {
    server = found.server;
    skus = [];
  });

  afterEach(async () => {
    await proxy?.close();
    proxy = null;
  });

  async function inStock(count: number): Promise<string[]> {
    if (skus.length < count) {
      const { rows } = await server.db.query<{ sku: string }>(
        `select p.sku from products p join stock_items s on s.product_id = p.id
          where p.type_id = 'simple' and p.status = 1 and s.is_in_stock and s.qty - s.reserved_qty >= 20
            and s.max_sale_qty >= 20
          order by p.sku limit ${count}`,
      );
      skus = rows.map((r) => r.sku);
    }
    if (skus.length < count) throw new Error(`only ${skus.length} skus in stock`);
    return skus.slice(0, count);
  }

  async function serverCart(cartId: string): Promise<string> {
    const res = await api<{ sku: string; qty: number }[]>(server, 'GET', `/api/ext/shop/cart/pull?cartId=${cartId}`);
    return cartOf(res.body.result);
  }

  const cartOf = (lines: { sku: string; qty: number }[]) =>
    lines
      .map((l) => `${l.sku}×${l.qty}`)
      .sort()
      .join(',');

  /** An engine connected online, then offline with `lines` added and one earlier line's quantity changed. */
  async function offlineChanges(harness: EngineHarness, lines: string[]): Promise<void> {
    await harness.engine.start();
    expect(await harness.engine.whenIdle(15_000)).toBe(true);
    await harness.engine.setOnline(false);
    for (const sku of lines) expect((await harness.engine.cart.add({ sku, qty: 1 })).ok).toBe(true);
  }

  const batchCalls = (harness: EngineHarness) => harness.requests.filter((r) => r.url.includes('/cart/update-batch'));
  const singleCalls = (harness: EngineHarness) => harness.requests.filter((r) => r.url.includes('/cart/update?'));

  it('waiting updates of many lines (adds and a quantity change) go in one request; server cart = device cart', async () => {
    const lines = await inStock(6);
    h = await engineFor(server);
    await h.engine.start();
    expect(await h.engine.whenIdle(15_000)).toBe(true);
    expect((await h.engine.cart.add({ sku: lines[0], qty: 1 })).ok).toBe(true);
    expect(await h.engine.whenIdle(15_000)).toBe(true);
    // one waiting update is sent alone, on the single-line call
    expect(singleCalls(h)).toHaveLength(1);
    await h.engine.setOnline(false);
    const first = (await h.engine.cartStore.items())[0];
    expect((await h.engine.cart.updateQty(first.local_id, 4)).ok).toBe(true);
    for (const sku of lines.slice(1)) expect((await h.engine.cart.add({ sku, qty: 2 })).ok).toBe(true);
    expect((await h.engine.queue.pending()).filter((t) => t.kind === TASK_CART_UPDATE)).toHaveLength(6);
    h.requests.length = 0;
    await h.engine.setOnline(true);
    expect(await h.engine.whenIdle(15_000)).toBe(true);
    expect(batchCalls(h)).toEqual([expect.objectContaining({ method: 'POST', code: 200 })]);
    expect(singleCalls(h)).toEqual([]);
    const items = await h.engine.cartStore.items();
    expect(items.every((i) => typeof i.item_id === 'number')).toBe(true);
    expect(cartOf(items)).toBe(
      `${lines[0]}×4,${lines
        .slice(1)
        .map((s) => `${s}×2`)
        .join(',')}`
        .split(',')
        .sort()
        .join(','),
    );
    expect(await serverCart(h.engine.cartStore.cartServerToken()!)).toBe(cartOf(items));
  });

  it('a batch whose answer is lost after the server applied it is sent again: nothing doubled', async () => {
    const lines = await inStock(5);
    proxy = new FaultProxy({ target: server.baseUrl, deleteCart: async () => undefined });
    const proxyUrl = await proxy.listen();
    h = await engineFor({ ...server, baseUrl: proxyUrl });
    await offlineChanges(h, lines);
    let lost = 0;
    proxy.pick = ({ url }) => (url.pathname.endsWith('/update-batch') && lost++ === 0 ? 'drop-response' : undefined);
    proxy.offline = false;
    h.requests.length = 0;
    await h.engine.setOnline(true);
    expect(await h.engine.whenIdle(15_000)).toBe(true);
    expect(lost).toBe(2);
    // the lost answer, then one look at the server cart for all the lines, then the batch again
    const calls = h.requests.map((r) => `${r.url.split('?')[0].split('/').pop()} ${r.code}`);
    expect(calls.slice(0, 3)).toEqual(['update-batch no answer', 'pull 200', 'update-batch 200']);
    const items = await h.engine.cartStore.items();
    expect(items).toHaveLength(5);
    expect(items.every((i) => typeof i.item_id === 'number')).toBe(true);
    const remote = await serverCart(h.engine.cartStore.cartServerToken()!);
    expect(remote).toBe(cartOf(items));
    expect(remote).toBe(cartOf(lines.map((sku) => ({ sku, qty: 1 }))));
  });

  it('a line refused in a batch (sold out) is handled as alone; the lines around it are kept', async () => {
    const lines = await inStock(4);
    h = await engineFor(server);
    await offlineChanges(h, lines);
    const soldOut = lines[1];
    const { rows } = await server.db.query<{ qty: number; reserved_qty: number }>(
      'select qty, reserved_qty from stock_items where sku = $1',
      [soldOut],
    );
    await server.db.query('update stock_items set qty = 0, is_in_stock = false where sku = $1', [soldOut]);
    try {
      h.requests.length = 0;
      await h.engine.setOnline(true);
      expect(await h.engine.whenIdle(15_000)).toBe(true);
    } finally {
      await server.db.query('update stock_items set qty = $2, reserved_qty = $3, is_in_stock = true where sku = $1', [
        soldOut,
        rows[0].qty,
        rows[0].reserved_qty,
      ]);
    }
    expect(batchCalls(h)).toHaveLength(1);
    // the sync that follows going online offers the kept sold-out line to the server once more, and it is refused
    expect(singleCalls(h).map((r) => r.code)).toEqual(singleCalls(h).length ? [400] : []);
    // the same outcome as a refused single add: the shopper is told with the server's message, and the line, of a
    // product with none left, stays on the device marked 'Out of the stock!' (spec 000 §9), off the server
    expect(h.events).toContain('add-to-cart-failed');
    expect(h.notes.map((n) => n.messageKey)).toContain(SERVER_TEXT.qtyUnavailable);
    const items = await h.engine.cartStore.items();
    expect(items.map((i) => i.sku).sort()).toEqual([...lines].sort());
    expect(items.find((i) => i.sku === soldOut)).toMatchObject({
      is_in_stock: false,
      errors: { stock: CART_TEXT.outOfTheStock },
    });
    const kept = items.filter((i) => i.sku !== soldOut);
    expect(kept.every((i) => i.item_id != null)).toBe(true);
    expect(await serverCart(h.engine.cartStore.cartServerToken()!)).toBe(cartOf(kept));
  });

  it('a batch refused as a whole is sent again line by line, each answered as the single call answers', async () => {
    const lines = await inStock(3);
    h = await engineFor(server);
    await offlineChanges(h, lines);
    h.intercept(async (req, real) => (req.url.includes('/update-batch') ? { code: 404, result: 'Not found' } : real()));
    h.requests.length = 0;
    await h.engine.setOnline(true);
    expect(await h.engine.whenIdle(15_000)).toBe(true);
    expect(batchCalls(h)).toHaveLength(1);
    expect(singleCalls(h).map((r) => r.code)).toEqual([200, 200, 200]);
    const items = await h.engine.cartStore.items();
    expect(await serverCart(h.engine.cartStore.cartServerToken()!)).toBe(cartOf(items));
    expect(items).toHaveLength(3);
  });
});
