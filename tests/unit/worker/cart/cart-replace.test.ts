import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../../support/test-server.ts';
import { TASK_CART_DELETE, TASK_CART_UPDATE } from '../../../../worker/cart/cart-tasks.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

async function serverCart(server: TestServer, cartId: string) {
  const res = await api<Array<{ sku: string; qty: number }>>(server, 'GET', `/api/ext/shop/cart/pull?cartId=${cartId}`);
  return res.body.result.map((l) => [l.sku, l.qty]);
}

describe('cart edit mode replaces a line through the cart commands (spec 001 §4 "Cart edit mode")', () => {
  let server: TestServer;
  let skus: string[];
  let h: EngineHarness;

  /** Starts an online engine (kept in `h`) with one line of 1 × the first SKU that has reached the server. */
  async function syncedLine() {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    expect(await h.engine.whenIdle()).toBe(true);
    const [line] = await h.engine.cartStore.items();
    return line;
  }

  engineSuite({ products: 12 }, (found) => ({ server, skus } = found));

  it('offline, another variant replaces the line locally at once and reaches the server after reconnecting', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    const [old] = await h.engine.cartStore.items();
    expect((await h.engine.cart.replace(old.local_id, { sku: skus[1] }, 2)).ok).toBe(true);
    expect((await h.engine.cartStore.items()).map((i) => [i.sku, i.qty])).toEqual([[skus[1], 2]]);
    expect(h.requests).toEqual([]);
    // back online: the old line's queued update finds no line and is skipped, so only the new variant lands
    await h.engine.setOnline(true);
    expect(await h.engine.whenIdle()).toBe(true);
    expect(await serverCart(server, h.engine.cartStore.cartServerToken()!)).toEqual([[skus[1], 2]]);
  });

  it('after the queue drains the server cart holds only the new variant with the chosen quantity', async () => {
    const old = await syncedLine();
    expect(old.item_id).toEqual(expect.any(Number));
    await h.engine.cart.replace(old.local_id, { sku: skus[1] }, 2);
    const pending = (await h.engine.queue.pending()).map((t) => t.kind);
    expect(pending.indexOf(TASK_CART_UPDATE)).toBeLessThan(pending.indexOf(TASK_CART_DELETE));
    expect(await h.engine.whenIdle()).toBe(true);
    expect(await serverCart(server, h.engine.cartStore.cartServerToken()!)).toEqual([[skus[1], 2]]);
  });

  it('the same variant only changes the quantity of the existing line', async () => {
    const old = await syncedLine();
    await h.engine.cart.replace(old.local_id, { sku: skus[0] }, 3);
    const items = await h.engine.cartStore.items();
    expect(items.map((i) => [i.local_id, i.sku, i.qty])).toEqual([[old.local_id, skus[0], 3]]);
    expect(await h.engine.whenIdle()).toBe(true);
    expect(await serverCart(server, h.engine.cartStore.cartServerToken()!)).toEqual([[skus[0], 3]]);
  });
});
