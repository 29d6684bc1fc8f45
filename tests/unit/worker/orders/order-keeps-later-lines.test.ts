import { beforeEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../support/test-server.ts';
import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import { ORDER_MAX_WAIT_MS } from '../../../../worker/orders/checkout.ts';
import { cartLineView, cartTotalsView } from '../../../../worker/cart/cart-view.ts';
import { agreedAmounts } from '../../../../domain/cart/totals-rule.ts';
import { dutchCheckoutDetails } from '../support/checkout.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

/**
 * Placing an order empties the cart of the lines that went into it, never of what the shopper added afterwards
 * (docs/checkout-and-orders.md "What an order takes from the cart"): an order placed offline waits on the device while
 * the shopper keeps shopping; once it is answered, the later lines and raised quantities are on the device and on
 * the guest's server cart, once.
 */
describe('an order answered after the shopper kept shopping takes only its own lines from the cart', () => {
  let server: TestServer;
  let skus: string[];
  let details: CheckoutDetails;
  let h: EngineHarness;
  let shoppers = 0;
  let email = '';

  engineSuite({ products: 12 }, (found) => ({ server, skus } = found));
  // each test a shopper of its own, so the orders counted are that test's
  beforeEach(async () => {
    email = `verder${++shoppers}@example.nl`;
    details = await dutchCheckoutDetails(server, { email, firstname: 'Vera', lastname: 'Verder' });
  });

  const deviceLines = async () => (await h.engine.cartStore.items()).map((i) => [i.sku, i.qty]).sort();

  /** The lines of the server cart the device now holds (an active cart only: a closed one is the order's). */
  async function serverLines(): Promise<Array<[string, number]>> {
    const cartId = h.engine.cartStore.cartServerToken();
    const { rows } = await server.db.query<{ sku: string; qty: number }>(
      `select i.sku, i.qty from cart_items i join carts c on c.id = i.cart_id
        where c.cart_id = $1 and c.is_active order by i.sku`,
      [cartId],
    );
    return rows.map((r) => [r.sku, r.qty]);
  }

  async function ordersOf(): Promise<Array<{ sku: string; qty: number }>> {
    const { rows } = await server.db.query<{ sku: string; qty: number }>(
      'select i.sku, i.qty from order_items i join orders o on o.id = i.order_pk where o.email = $1 order by i.sku',
      [email],
    );
    return rows;
  }

  /** Online: a line on the server cart; then offline: the order placed (it waits). */
  async function orderWaitsOffline(qty = 1): Promise<string> {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty });
    await h.engine.whenIdle();
    await h.engine.checkout.save(details);
    await h.engine.setOnline(false);
    const placed = await h.engine.checkout.placeOrder();
    expect(placed.ok).toBe(true);
    return placed.orderId!;
  }

  async function sendAndSettle(): Promise<void> {
    await h.engine.setOnline(true);
    await h.engine.checkout.sendWaitingOrders();
    await h.engine.whenIdle();
    await h.engine.whenIdle();
  }

  it('a line added offline after the order stays on the device and reaches the server cart once', async () => {
    await orderWaitsOffline();
    await h.engine.cart.add({ sku: skus[1], qty: 1 });
    expect(await deviceLines()).toEqual(
      [
        [skus[0], 1],
        [skus[1], 1],
      ].sort(),
    );

    await sendAndSettle();
    expect(await ordersOf()).toEqual([{ sku: skus[0], qty: 1 }]);
    expect(await deviceLines()).toEqual([[skus[1], 1]]);
    expect(await serverLines()).toEqual([[skus[1], 1]]);

    // shopping goes on in the new cart
    await h.engine.cart.add({ sku: skus[2], qty: 1 });
    await h.engine.whenIdle();
    expect(await serverLines()).toEqual(
      [
        [skus[1], 1],
        [skus[2], 1],
      ].sort(),
    );
    expect(await ordersOf()).toHaveLength(1);
  });

  it('a quantity raised after the order keeps the difference', async () => {
    await orderWaitsOffline(1);
    const [line] = await h.engine.cartStore.items();
    await h.engine.cart.updateQty(line.local_id, 3);

    await sendAndSettle();
    expect(await ordersOf()).toEqual([{ sku: skus[0], qty: 1 }]);
    expect(await deviceLines()).toEqual([[skus[0], 2]]);
    expect(await serverLines()).toEqual([[skus[0], 2]]);
  });

  it('the same when the order is answered before the later line is sent', async () => {
    await orderWaitsOffline();
    await h.engine.cart.add({ sku: skus[1], qty: 1 });
    // the later line's calls meet a failing server until the order is answered: the cart's lane waits, and the order,
    // in a lane of its own, goes first
    let ordered = false;
    h.intercept(async (req, real) => {
      if (req.url.includes('/cart/update') && !ordered) return { code: 503, result: 'Service Unavailable' };
      const res = await real();
      if (req.url.startsWith('/api/order')) ordered = true;
      return res;
    });

    const before = h.requests.length;
    await sendAndSettle();
    const landed = h.requests
      .slice(before)
      .filter((r) => r.code === 200 && (r.url.startsWith('/api/order') || r.url.includes('/cart/update')));
    expect(landed.map((r) => r.url.split('?')[0])).toEqual(['/api/order', '/api/ext/shop/cart/update']);
    expect(await ordersOf()).toEqual([{ sku: skus[0], qty: 1 }]);
    expect(await deviceLines()).toEqual([[skus[1], 1]]);
    expect(await serverLines()).toEqual([[skus[1], 1]]);
  });

  it('an order that expires or is cancelled leaves the later line and its own lines in the cart', async () => {
    let clock = Date.now();
    h = await engineFor(server, { online: false, now: () => clock });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.checkout.save(details);
    const placed = await h.engine.checkout.placeOrder();
    await h.engine.cart.add({ sku: skus[1], qty: 1 });
    clock += ORDER_MAX_WAIT_MS + 60_000;
    expect(await h.engine.checkout.expireWaitingOrders()).toBe(1);
    expect(await deviceLines()).toEqual(
      [
        [skus[0], 2],
        [skus[1], 1],
      ].sort(),
    );
    expect(await h.engine.checkout.cancelOrder(placed.orderId!)).toEqual({ ok: true });
    expect(await deviceLines()).toEqual(
      [
        [skus[0], 2],
        [skus[1], 1],
      ].sort(),
    );
  });

  it("'Try again' after a failed payment puts the order's lines back beside the later ones, once", async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.whenIdle();
    await h.engine.checkout.save(details);
    await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    expect(await deviceLines()).toEqual([]);
    await h.engine.cart.add({ sku: skus[1], qty: 1 });
    const { rows } = await server.db.query<{ increment_id: string }>(
      'select increment_id from orders where email = $1',
      [email],
    );
    for (let tap = 0; tap < 2; tap++)
      expect(await h.engine.checkout.restoreCartFromOrder(rows[0].increment_id)).toEqual({ ok: true });
    await h.engine.whenIdle();
    const both = [
      [skus[0], 2],
      [skus[1], 1],
    ].sort();
    expect(await deviceLines()).toEqual(both);
    expect(await serverLines()).toEqual(both);
  });

  it('a re-priced order placed at the new total takes its own line and leaves the later one', async () => {
    const [ordered, later] = [skus[0], skus[1]];
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: ordered, qty: 1 });
    await h.engine.whenIdle();
    await h.engine.checkout.save(details);
    expect((await h.engine.totals.collectTotals((await h.engine.checkout.addressInformation())!)).ok).toBe(true);
    const lines = (await h.engine.cartStore.items()).map(cartLineView);
    const totals = cartTotalsView(lines, (await h.engine.cartStore.state()).platformTotals);
    const agreed = { lines: lines.map((l) => ({ sku: l.sku, unitCents: l.unitCents })), ...agreedAmounts(totals) };
    await h.engine.setOnline(false);
    const placed = await h.engine.checkout.placeOrder(agreed);
    await h.engine.cart.add({ sku: later, qty: 1 });

    const { rows } = await server.db.query<{ price_cents: number; special_price_cents: number | null }>(
      'select price_cents, special_price_cents from products where sku = $1',
      [ordered],
    );
    const setPrice = (cents: number, special: number | null) =>
      server.db.query('update products set price_cents = $2, special_price_cents = $3 where sku = $1', [
        ordered,
        cents,
        special,
      ]);
    await setPrice(rows[0]!.price_cents + 1_000, null);
    try {
      await sendAndSettle();
      expect((await h.engine.o.db.orders.findOne(placed.orderId!).exec())?.code).toBe(409);
      expect(await ordersOf()).toEqual([]);
      // not placed: the order's line is still in the cart beside the later one
      expect(await deviceLines()).toEqual(
        [
          [ordered, 1],
          [later, 1],
        ].sort(),
      );

      expect(await h.engine.checkout.placeAtNewPrices(placed.orderId!)).toEqual({ ok: true });
      await h.engine.whenIdle();
      await h.engine.whenIdle();
      expect(await ordersOf()).toEqual([{ sku: ordered, qty: 1 }]);
      expect(await deviceLines()).toEqual([[later, 1]]);
      expect(await serverLines()).toEqual([[later, 1]]);
    } finally {
      await setPrice(rows[0]!.price_cents, rows[0]!.special_price_cents);
    }
  });
});
