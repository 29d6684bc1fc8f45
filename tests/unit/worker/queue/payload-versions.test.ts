import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDoc, ShopDatabase } from '../../../../schemas/index.ts';
import type { TestServer } from '../../../support/test-server.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { httpTransport } from '../../../../worker/queue/http-transport.ts';
import { TaskQueue } from '../../../../worker/queue/task-queue.ts';
import { PAYLOAD_TOO_OLD_MESSAGE } from '../../../../worker/queue/task-answers.ts';
import { TaskVersions } from '../../../../worker/queue/task-versions.ts';
import type { Envelope, Task } from '../../../../worker/queue/types.ts';
import { TASK_CART_UPDATE } from '../../../../worker/cart/cart-tasks.ts';
import { ORDER_PAYLOAD_TOO_OLD, placedOrderView } from '../../../../worker/orders/order-view.ts';
import { dutchCheckoutDetails } from '../support/checkout.ts';
import { openTestDatabase, SYNC_COLLECTIONS } from '../support/db.ts';
import { engineFor, engineSuite } from '../support/engine.ts';
import { hooks } from '../support/scripted-queue.ts';

/**
 * Queued work is versioned (docs/sync-engine.md "Payload versions"): every task names its payload's version to the
 * server; an older task is upgraded by its kind's rules before it is sent; one the server refuses as too old stays
 * on the device as failed, shown with what it was about, never silently dropped.
 */

describe('the payload version registry', () => {
  const versions = new TaskVersions();
  versions.declare('k', {
    current: 3,
    upgrades: { 1: (p) => ({ ...(p as object), one: true }), 2: (p) => ({ ...(p as object), two: true }) },
  });

  it('brings an old task up one version at a time, each rule once', () => {
    expect(versions.upgrade({ kind: 'k', payload: { a: 1 }, payload_version: 1 })).toEqual({
      payload: { a: 1, one: true, two: true },
      payload_version: 3,
    });
    expect(versions.upgrade({ kind: 'k', payload: { a: 1 }, payload_version: 2 })).toEqual({
      payload: { a: 1, two: true },
      payload_version: 3,
    });
  });

  it('leaves a current task, a kind without rules and a version without a rule as they are', () => {
    expect(versions.upgrade({ kind: 'k', payload: {}, payload_version: 3 })).toBeNull();
    expect(versions.upgrade({ kind: 'other', payload: {}, payload_version: 1 })).toBeNull();
    expect(versions.upgrade({ kind: 'k', payload: {}, payload_version: 0 })).toBeNull();
    expect(versions.current('k')).toBe(3);
    expect(versions.current('other')).toBe(1);
  });
});

describe('versioned tasks against the real server', () => {
  let server: TestServer;
  let skus: string[];
  let db: ShopDatabase | null = null;
  let queue: TaskQueue | null = null;
  engineSuite({ products: 12 }, (found) => ({ server, skus } = found));
  afterEach(async () => {
    queue?.stop();
    queue = null;
    await db?.remove();
    db = null;
  });

  async function guestCart(): Promise<string> {
    const res = await fetch(`${server.baseUrl}/api/ext/shop/cart/create`, { method: 'POST' });
    return ((await res.json()) as { result: string }).result;
  }

  async function serverLines(cartId: string): Promise<Array<[string, number]>> {
    const res = await fetch(`${server.baseUrl}/api/ext/shop/cart/pull?cartId=${cartId}`);
    const lines = ((await res.json()) as { result: { sku: string; qty: number }[] }).result;
    return lines.map((l) => [l.sku, l.qty]);
  }

  /** The real queue on a real database, sending through the worker's HTTP client; what it sent and was told. */
  async function realQueue(cartId: string) {
    db = await openTestDatabase(undefined, SYNC_COLLECTIONS);
    const real = httpTransport(createHttpClient({ baseUrl: server.baseUrl }));
    const sent: Array<{ url: string; headers?: Record<string, string>; body?: unknown }> = [];
    const notes: string[] = [];
    const answers: Array<[string, number]> = [];
    queue = new TaskQueue({
      collection: db.sync_tasks,
      transport: async (req) => {
        sent.push(req);
        return real(req);
      },
      notify: (n) => notes.push(n.messageKey),
      emit: () => undefined,
      log: () => undefined,
      retryWaitMs: 20,
    });
    queue.bind(hooks({ cartId: () => cartId, userToken: () => null }).h);
    const handle = (task: Task, res: Envelope) => void answers.push([task.task_id, res.code]);
    return { db, queue, sent, notes, answers, handle };
  }

  /** A task of version 0 as an older build queued it: its line under `item` (today's body names it `cartItem`). */
  const oldTask = (cartId: string, sku: string) => ({
    task_id: 'queued-by-version-0',
    url: '/api/ext/shop/cart/update?cartId={{cartId}}',
    method: 'POST',
    payload: { item: { sku, qty: 2, quoteId: cartId } },
    transmited: false,
    code: null,
    created_at: Date.now() * 100,
    attempts: 0,
    silent: false,
    kind: 'old-cart-update',
    payload_version: 0,
  });

  it('an old task is upgraded by its rule, stored upgraded, and sent once naming its new version', async () => {
    const cartId = await guestCart();
    const { db, queue, sent, answers, handle } = await realQueue(cartId);
    queue.on('old-cart-update', handle, {
      payloadVersions: {
        current: 1,
        upgrades: { 0: (p) => ({ cartItem: (p as { item: unknown }).item }) },
      },
    });
    await db.sync_tasks.insert(oldTask(cartId, skus[0]));
    expect(await queue.whenIdle(10_000)).toBe(true);
    await queue.process();

    expect(sent).toHaveLength(1);
    expect(sent[0].headers).toEqual({ 'x-payload-version': '1' });
    expect(sent[0].body).toEqual({ cartItem: { sku: skus[0], qty: 2, quoteId: cartId } });
    expect(answers).toEqual([['queued-by-version-0', 200]]);
    expect(await serverLines(cartId)).toEqual([[skus[0], 2]]);
    expect(await db.sync_tasks.find().exec()).toHaveLength(0);
  });

  it('a task too old for the server stays on the device as failed, refused once, the shopper told', async () => {
    const cartId = await guestCart();
    const { db, queue, sent, notes, answers, handle } = await realQueue(cartId);
    queue.on('old-cart-update', handle, { payloadVersions: { current: 1 } });
    await db.sync_tasks.insert(oldTask(cartId, skus[0]));
    expect(await queue.whenIdle(10_000)).toBe(true);
    await queue.process();

    expect(sent).toHaveLength(1);
    expect(sent[0].headers).toEqual({ 'x-payload-version': '0' });
    expect(answers).toEqual([['queued-by-version-0', 400]]);
    const rows = (await db.sync_tasks.find().exec()).map((d) => d.toMutableJSON());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ task_id: 'queued-by-version-0', transmited: true, code: 400, payload_version: 0 });
    expect(rows[0].result).toMatchObject({ meta: { error: 'payload_version_too_old', field: 'x-payload-version' } });
    expect(notes).toEqual([PAYLOAD_TOO_OLD_MESSAGE]);
    expect(await serverLines(cartId)).toEqual([]);
  });

  it('a cart change too old for the server keeps its line: the refusal stays as failed, the line reaches the server once', async () => {
    const h = await engineFor(server);
    await h.engine.start();
    expect(await h.engine.whenIdle(15_000)).toBe(true);
    await h.engine.setOnline(false);
    expect((await h.engine.cart.add({ sku: skus[1], qty: 1 })).ok).toBe(true);
    // the queued change as of a version the server no longer takes: before, its refusal took the line away
    const [task] = await h.engine.o.db.sync_tasks.find({ selector: { kind: TASK_CART_UPDATE } }).exec();
    await task.incrementalPatch({ payload_version: 0 });
    await h.engine.setOnline(true);
    await h.engine.whenIdle(15_000);
    await h.engine.whenIdle(15_000);

    const items = await h.engine.cartStore.items();
    expect(items.map((i) => [i.sku, i.qty])).toEqual([[skus[1], 1]]);
    // today's code sends the line again from what the device holds, once; the mark of the refusal is gone with it
    expect(h.requests.filter((r) => r.url.includes('/cart/update')).map((r) => r.code)).toEqual([400, 200]);
    expect(await serverLines(h.engine.cartStore.cartServerToken()!)).toEqual([[skus[1], 1]]);
    expect(items[0].errors ?? {}).not.toHaveProperty('version');
    const failed = (await h.engine.o.db.sync_tasks.find().exec()).map((d) => d.toMutableJSON());
    expect(failed).toMatchObject([{ task_id: task.task_id, transmited: true, code: 400, payload_version: 0 }]);
  });

  it('a waiting order too old for the server is shown rejected with its lines and a Dutch-catalogued reason', async () => {
    const h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[2], qty: 1 });
    await h.engine.whenIdle();
    await h.engine.checkout.save(
      await dutchCheckoutDetails(server, { email: 'oud@example.nl', firstname: 'Olga', lastname: 'Oud' }),
    );
    await h.engine.setOnline(false);
    const placed = await h.engine.checkout.placeOrder();
    expect(placed.ok).toBe(true);
    const doc = await h.engine.o.db.orders.findOne(placed.orderId!).exec();
    await doc!.incrementalPatch({ payload_version: 0 });
    await h.engine.setOnline(true);
    await h.engine.checkout.sendWaitingOrders();
    await h.engine.whenIdle();

    const order = placedOrderView(
      (await h.engine.o.db.orders.findOne(placed.orderId!).exec())!.toMutableJSON() as OrderDoc,
      false,
    );
    expect(order.state).toBe('rejected');
    expect(order.rejection).toEqual({ message: ORDER_PAYLOAD_TOO_OLD, step: 'summary' });
    expect(order.code).toBe(400);
    const { rows } = await server.db.query('select 1 from orders where email = $1', ['oud@example.nl']);
    expect(rows).toHaveLength(0);
    // the order's lines stay on the device with it
    expect((await h.engine.o.db.orders.findOne(placed.orderId!).exec())!.payload.products).toHaveLength(1);
  });
});
