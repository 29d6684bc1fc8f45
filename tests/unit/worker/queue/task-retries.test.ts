import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../../../support/test-server.ts';
import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import type { Envelope } from '../../../../worker/queue/types.ts';
import { TASK_SERVER_ERROR_LIMIT, TASK_SET_ASIDE_MESSAGE } from '../../../../worker/queue/task-retry.ts';
import { dutchCheckoutDetails } from '../support/checkout.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

/**
 * A task the server cannot accept must not block the shopper: failed sends back off, a 5xx holds up only its own
 * lane, and a task still failing after a bounded number of answers is set aside (kept, with a notice) for the session.
 * The failing server is a test hook on the real transport; everything else is the real engine and server.
 */
describe('task retries: back-off, lanes and set-aside', () => {
  let server: TestServer;
  let skus: string[];
  let h: EngineHarness;

  engineSuite({ products: 12 }, (found) => ({ server, skus } = found));

  let details: CheckoutDetails;
  beforeAll(async () => {
    details = await dutchCheckoutDetails(server);
  });

  async function serverCartQty(sku: string): Promise<number> {
    const { rows } = await server.db.query<{ n: number }>(
      'select coalesce(sum(qty), 0)::int as n from cart_items where sku = $1',
      [sku],
    );
    return rows[0].n;
  }

  /** An engine with a synced cart line and saved checkout details whose order calls all get `answer`. */
  async function readyToOrder(sku: string, answer: Envelope): Promise<number[]> {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku, qty: 1 });
    await h.engine.whenIdle();
    await h.engine.checkout.save(details);
    const orderAttempts: number[] = [];
    h.intercept(async (req, real) => {
      if (new URL(req.url, 'http://x').pathname !== '/api/order') return real();
      orderAttempts.push(performance.now());
      return answer;
    });
    return orderAttempts;
  }

  it('an order the server keeps failing is set aside after the limit, kept, and the cart behind it still syncs', async () => {
    const orderAttempts = await readyToOrder(skus[0], { code: 500, result: 'Internal Server Error' });
    const placed = await h.engine.checkout.placeOrder();
    expect(placed.ok).toBe(true);
    // queued behind the failing order: a change to the cart must still reach the server
    await h.engine.cart.add({ sku: skus[1], qty: 2 });

    expect(await h.engine.whenIdle(20_000)).toBe(true);
    expect(await serverCartQty(skus[1])).toBe(2);
    expect(orderAttempts).toHaveLength(TASK_SERVER_ERROR_LIMIT);
    expect(h.notes).toContainEqual(expect.objectContaining({ messageKey: TASK_SET_ASIDE_MESSAGE }));

    // set aside, not lost: the order is still on the device and its task still stored for the next start
    const local = await h.engine.o.db.orders.findOne(placed.orderId!).exec();
    expect(local?.transmited).toBe(false);
    const stored = await h.engine.o.db.sync_tasks.find({ selector: { transmited: false } }).exec();
    expect(stored.map((task) => task.kind)).toContain('order-place');
  });

  it('the waits between the attempts of a failing task back off', async () => {
    // Alone in the queue and without whenIdle, which drains on every poll: another task's success resets the failure
    // count and its enqueue drains at once, so either would make the gaps measure those drains, not the back-off.
    const orderAttempts = await readyToOrder(skus[3], { code: 500, result: 'Internal Server Error' });
    await h.engine.checkout.placeOrder();
    await vi.waitFor(() => expect(orderAttempts).toHaveLength(TASK_SERVER_ERROR_LIMIT), { timeout: 20_000 });
    const gaps = orderAttempts.slice(1).map((at, i) => at - orderAttempts[i]);
    // equal jitter: the wait after n failures lies in [w·2^(n-1)/2, w·2^(n-1)]; the last waits after five failures
    expect(gaps.at(-1)!).toBeGreaterThan(gaps[0]);
  });

  it('a 4xx is an answer, not a failure: the task is settled at once and never retried', async () => {
    const orderAttempts = await readyToOrder(skus[2], {
      code: 400,
      result: 'body.address.postcode: Vul een geldige postcode en huisnummer in.',
    });
    await h.engine.checkout.placeOrder();
    expect(await h.engine.whenIdle(10_000)).toBe(true);
    expect(orderAttempts).toHaveLength(1);
    expect(h.notes).not.toContainEqual(expect.objectContaining({ messageKey: TASK_SET_ASIDE_MESSAGE }));
  });
});
