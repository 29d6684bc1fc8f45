import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../../support/test-server.ts';
import { ORDER_SENT } from '../../../../worker/orders/checkout.ts';
import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import { orderSuite } from '../support/checkout.ts';
import { engineFor } from '../support/engine.ts';

/**
 * Orders the service worker's Background Sync placed with no tab open are told by the next tab, with the way to pay,
 * once (docs/sync-engine.md "Background Sync"). The send itself runs in Chromium (tests/e2e/background-sync.test.ts).
 */
describe('orders sent in the background are told at the next visit', () => {
  let server: TestServer;
  let skus: string[];
  let details: CheckoutDetails;

  orderSuite(
    { products: 12 },
    {
      email: 'achtergrond@example.nl',
      firstname: 'Sem',
      lastname: 'Bos',
    },
    (found) => ({ server, skus, details } = found),
  );

  it('a placed order is kept for the next tab, which says "Your order has been sent" with the way to its confirmation, in one tab only', async () => {
    const h = await engineFor(server, { online: false });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.checkout.save(details);
    const { orderId } = await h.engine.checkout.placeOrder();
    // what the background send does: the unanswered orders noted, sent, the placed ones remembered
    const unanswered = await h.engine.sentInBackground.unansweredOrderIds();
    expect(unanswered).toEqual([orderId]);
    await h.engine.setOnline(true);
    await h.engine.checkout.sendWaitingOrders();
    expect(await h.engine.whenIdle()).toBe(true);
    await h.engine.sentInBackground.remember(unanswered);
    // the sending engine's own notice reaches nobody in a service worker
    h.notes.length = 0;

    // two tabs watching the same database: one notice
    const stops = [
      h.engine.sentInBackground.watch(h.engine.o.notify),
      h.engine.sentInBackground.watch(h.engine.o.notify),
    ];
    await expect.poll(() => h.notes.filter((n) => n.messageKey === ORDER_SENT).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const told = h.notes.filter((n) => n.messageKey === ORDER_SENT);
    expect(told).toEqual([
      expect.objectContaining({ type: 'success', action: { labelKey: 'View your order', href: '/checkout-return/' } }),
    ]);
    stops.forEach((stop) => stop());
    // told once: a later tab says nothing
    const later = h.engine.sentInBackground.watch(h.engine.o.notify);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.notes.filter((n) => n.messageKey === ORDER_SENT)).toHaveLength(1);
    later();
  });

  it('an order the server refused is not told as sent', async () => {
    const h = await engineFor(server);
    await h.engine.start();
    await h.engine.sentInBackground.remember(['00000000-0000-4000-8000-000000000000']);
    const stop = h.engine.sentInBackground.watch(h.engine.o.notify);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.notes.filter((n) => n.messageKey === ORDER_SENT)).toHaveLength(0);
    stop();
  });
});
