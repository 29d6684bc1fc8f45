import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import type { TestServer } from '../../../support/test-server.ts';
import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import { ORDER_EXPIRED, ORDER_MAX_WAIT_MS } from '../../../../worker/orders/checkout.ts';
import { outboxOf } from '../../../../worker/orders/order-view.ts';
import type { OrderDoc } from '../../../../schemas/index.ts';
import { orderSuite } from '../support/checkout.ts';
import { engineFor, type EngineHarness } from '../support/engine.ts';

/**
 * The outbox and its limit: an order waiting on the device is listed with its lines and age; one that waited longer
 * than the limit (the clock moved) is not sent but expires, its lines back in the cart.
 */
describe('the outbox of waiting orders and their expiry', () => {
  let server: TestServer;
  let skus: string[];
  let details: CheckoutDetails;
  let h: EngineHarness;
  let clock = Date.now();

  orderSuite(
    { products: 12 },
    {
      email: 'wacht@example.nl',
      firstname: 'Wim',
      lastname: 'Wachter',
    },
    (found) => ({ server, skus, details } = found),
  );

  async function outbox() {
    const db = h.engine.o.db;
    const [docs, pending] = await Promise.all([
      db.orders.find({ sort: [{ created_at: 'asc' }] }).exec(),
      db.sync_tasks.find({ selector: { transmited: false } }).exec(),
    ]);
    return outboxOf(
      docs.map((d) => d.toMutableJSON() as OrderDoc),
      new Set(
        pending.filter((t) => t.kind.startsWith('order')).map((t) => (t.payload as { order_id: string }).order_id),
      ),
      pending.filter((t) => !t.kind.startsWith('order')).length,
    );
  }

  const serverOrders = async () =>
    (await server.db.query<{ n: number }>("select count(*)::int as n from orders where email = 'wacht@example.nl'"))
      .rows[0]!.n;

  it('lists a waiting order and the waiting cart changes; past the limit it expires, is never sent, and its lines are in the cart', async () => {
    clock = Date.now();
    h = await engineFor(server, { online: false, now: () => clock });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.checkout.save(details);
    const placed = await h.engine.checkout.placeOrder();
    expect(placed.ok).toBe(true);

    const waiting = await outbox();
    expect(waiting.orders).toEqual([
      expect.objectContaining({
        order_id: placed.orderId,
        state: 'waiting',
        lines: [expect.objectContaining({ sku: skus[0], qty: 2 })],
      }),
    ]);
    expect(waiting.changes).toBeGreaterThan(0);

    // within the limit nothing expires
    clock += ORDER_MAX_WAIT_MS - 60_000;
    expect(await h.engine.checkout.expireWaitingOrders()).toBe(0);
    // the device was away for longer than the limit: the order expires instead of being sent
    clock += 2 * 60_000;
    await h.engine.cart.clear({ sync: false });
    await h.engine.setOnline(true);
    await h.engine.checkout.sendWaitingOrders();
    await h.engine.whenIdle();
    expect((await outbox()).orders).toEqual([expect.objectContaining({ order_id: placed.orderId, state: 'expired' })]);
    expect(h.notes.some((n) => n.messageKey === ORDER_EXPIRED)).toBe(true);
    expect((await h.engine.cartStore.items()).map((i) => [i.sku, i.qty])).toEqual([[skus[0], 2]]);
    expect(await serverOrders()).toBe(0);

    // dismissed from the outbox
    expect(await h.engine.checkout.cancelOrder(placed.orderId!)).toEqual({ ok: true });
    expect((await outbox()).orders).toEqual([]);
    expect(await firstValueFrom(h.engine.o.db.orders.find().$)).toEqual([]);
  });

  it('asked twice at once (the start and the outbox page), an order expires once and its lines go back once', async () => {
    clock = Date.now();
    h = await engineFor(server, { online: false, now: () => clock });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[1], qty: 3 });
    await h.engine.checkout.save(details);
    expect((await h.engine.checkout.placeOrder()).ok).toBe(true);
    await h.engine.cart.clear({ sync: false });

    clock += ORDER_MAX_WAIT_MS + 60_000;
    const expired = await Promise.all([
      h.engine.checkout.expireWaitingOrders(),
      h.engine.checkout.expireWaitingOrders(),
    ]);
    expect(expired.sort()).toEqual([0, 1]);
    expect((await h.engine.cartStore.items()).map((i) => [i.sku, i.qty])).toEqual([[skus[1], 3]]);
    expect(h.notes.filter((n) => n.messageKey === ORDER_EXPIRED)).toHaveLength(1);
  });
});
