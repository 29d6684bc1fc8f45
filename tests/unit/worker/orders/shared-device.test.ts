import { describe, expect, it, onTestFinished } from 'vitest';
import { createShopWorkerApi } from '../../../../worker/api-impl.ts';
import type { Outbox, PlacedOrder } from '../../../../worker/orders/api-types.ts';
import { api as serverApi } from '../../../support/test-server.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import { engineFor } from '../support/engine.ts';
import { plentifulSkus } from '../support/fault-run.ts';
import { dutchCheckoutDetails } from '../support/checkout.ts';
import { contextSuite } from '../support/test-db.ts';

/**
 * A shared device (docs/checkout-and-orders.md "A shared device"): an order placed offline by a customer who did not
 * log out waits for that customer. The next customer who logs in on the device neither sees it (its address and
 * lines) nor sends it with their own session; its owner, back, is offered it and it is placed once, on their account.
 */
const suite = contextSuite(12);
const PASSWORD = 'Welkom#2026x';

async function newCustomer(name: string): Promise<{ email: string; id: number }> {
  const email = `${name}-${Date.now()}@example.nl`;
  const res = await serverApi(suite.server(), 'POST', '/api/ext/shop/user/create', {
    customer: { email, firstname: name, lastname: 'Gedeeld' },
    password: PASSWORD,
  });
  expect(res.status).toBe(200);
  const { rows } = await suite.server().db.query<{ id: number }>('select id from customers where email = $1', [email]);
  return { email, id: rows[0]!.id };
}

const settle = async (until: () => boolean) => {
  for (let i = 0; i < 150 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('a waiting order on a shared device', () => {
  it("is not shown or sent to the next customer who logs in; its owner, back, is offered it and it is placed once on the owner's account", async () => {
    const server = suite.server();
    const [sku] = await plentifulSkus(server);
    const anna = await newCustomer('anna');
    const bram = await newCustomer('bram');
    const ctx = await suite.open();
    const api = createShopWorkerApi(ctx);
    // a page is open and beats as the app's does: its tab's worker sends the queue (docs/sync-engine.md "Leadership")
    const beat = setInterval(() => void api.pageAlive(), 1_000);
    onTestFinished(() => clearInterval(beat));
    await api.pageAlive();
    let outbox: Outbox | undefined;
    let orders: PlacedOrder[] = [];
    let toConfirm = -1;
    await api.subscribe({ name: 'outbox' }, (value) => void (outbox = value));
    await api.subscribe({ name: 'orders' }, (value) => void (orders = value));
    await api.subscribe({ name: 'ordersToConfirm' }, (value) => void (toConfirm = value));

    expect(await api.login(anna.email, PASSWORD)).toEqual({ ok: true });
    await api.addToCart({ sku: sku!, qty: 1 });
    await api.setOnline(false);
    const details = await dutchCheckoutDetails(server, { email: anna.email, firstname: 'Anna', lastname: 'Gedeeld' });
    await api.saveCheckoutDetails(details);
    const placed = await api.placeOrder();
    expect(placed.ok).toBe(true);
    await settle(() => outbox?.orders.length === 1 && toConfirm === 0);
    expect(outbox!.orders).toEqual([expect.objectContaining({ order_id: placed.orderId, state: 'waiting' })]);

    // Anna walks away logged in; Bram logs in on the same device
    await api.setOnline(true);
    expect(await api.login(bram.email, PASSWORD)).toEqual({ ok: true });
    await settle(() => outbox?.orders.length === 0 && orders.length === 0 && toConfirm === 0);
    expect(outbox!.orders).toEqual([]);
    expect(orders).toEqual([]);
    expect(toConfirm).toBe(0);
    // nothing of Bram's session sends it, asked or not
    await api.sendWaitingOrders();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const onServer = () =>
      server.db.query<{ customer_id: number | null }>('select customer_id from orders where order_id = $1', [
        placed.orderId,
      ]);
    expect((await onServer()).rows).toEqual([]);

    // Anna logs in again: her order is offered, and sent once, on her account
    expect(await api.login(anna.email, PASSWORD)).toEqual({ ok: true });
    await settle(() => toConfirm === 1 && outbox?.orders.length === 1);
    expect(toConfirm).toBe(1);
    expect(outbox!.orders).toEqual([
      expect.objectContaining({ order_id: placed.orderId, lines: [expect.objectContaining({ sku, qty: 1 })] }),
    ]);
    await api.sendWaitingOrders();
    for (let i = 0; i < 150 && (await onServer()).rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await onServer()).rows).toEqual([{ customer_id: anna.id }]);
    await settle(() => orders[0]?.state === 'placed');
    expect(orders.map((o) => [o.order_id, o.state])).toEqual([[placed.orderId, 'placed']]);
  });

  it("an order on its way when the server could not be reached is not sent with the next customer's session; it waits for its owner", async () => {
    const server = suite.server();
    const [sku] = await plentifulSkus(server);
    const anna = await newCustomer('anna-q');
    const bram = await newCustomer('bram-q');
    const h = await engineFor(server);
    onTestFinished(() => h.close());
    await h.engine.start();
    expect(await h.engine.session.login(anna.email, PASSWORD)).toEqual({ ok: true });
    await h.engine.cart.add({ sku: sku!, qty: 1 });
    await h.engine.whenIdle();
    await h.engine.checkout.save(
      await dutchCheckoutDetails(server, { email: anna.email, firstname: 'Anna', lastname: 'Gedeeld' }),
    );
    // the device is online, the server is not reached: the order is handed to the queue and its sends fail
    let serverReached = false;
    h.intercept(async (req, real) => {
      if (!serverReached && req.url.startsWith('/api/order')) throw new NetworkError('connection refused', 'ENETWORK');
      return real();
    });
    const placed = await h.engine.checkout.placeOrder();
    for (let i = 0; i < 100 && !h.requests.some((r) => r.url.startsWith('/api/order')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(h.requests.some((r) => r.url.startsWith('/api/order') && r.code === 'no answer')).toBe(true);

    expect(await h.engine.session.login(bram.email, PASSWORD)).toEqual({ ok: true });
    serverReached = true;
    await h.engine.whenIdle();
    const onServer = () =>
      server.db.query<{ customer_id: number | null }>('select customer_id from orders where order_id = $1', [
        placed.orderId,
      ]);
    expect((await onServer()).rows).toEqual([]);
    expect(await h.engine.checkout.waitingOrders()).toEqual([]);

    expect(await h.engine.session.login(anna.email, PASSWORD)).toEqual({ ok: true });
    expect((await h.engine.checkout.waitingOrders()).map((o) => o.order_id)).toEqual([placed.orderId]);
    await h.engine.checkout.sendWaitingOrders();
    await h.engine.whenIdle();
    expect((await onServer()).rows).toEqual([{ customer_id: anna.id }]);
  });
});
