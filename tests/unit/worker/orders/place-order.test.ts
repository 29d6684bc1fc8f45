import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../../support/test-server.ts';
import { toCents } from '../../../../domain/money.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import { FLYING_BLUE_FAILED, ORDER_SENT, ORDER_WAITING } from '../../../../worker/orders/checkout.ts';
import { placedOrderView } from '../../../../worker/orders/order-view.ts';
import type { OrderDoc } from '../../../../schemas/index.ts';
import type { SyncEngineOptions } from '../../../../worker/sync-engine.ts';
import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import { orderSuite } from '../support/checkout.ts';
import { engineFor, type EngineHarness } from '../support/engine.ts';

describe('place order (spec 000 §4 "Place order", "Offline"): exactly once, offline orders, honest outcomes', () => {
  let server: TestServer;
  let skus: string[];
  let details: CheckoutDetails;
  let h: EngineHarness;

  orderSuite(
    { products: 12 },
    {
      email: 'sem@example.nl',
      firstname: 'Sem',
      lastname: 'de Vries',
      createAccount: true,
      password: 'Welkom#2026x',
    },
    (found) => ({ server, skus, details } = found),
  );

  /** An online engine with one item in a cart the server has, and the checkout details saved. */
  async function readyToOrder(): Promise<void> {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.whenIdle();
    await h.engine.checkout.save(details);
  }

  async function ordersOnServer(orderId: string): Promise<number> {
    const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from orders where order_id = $1', [
      orderId,
    ]);
    return rows[0].n;
  }

  it("an order placed offline is written locally first with a client order_id and carries 'Order waiting!'", async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.checkout.save(details);
    const placed = await h.engine.checkout.placeOrder();
    expect(placed).toMatchObject({ ok: true, messageKey: ORDER_WAITING });
    const local = await h.engine.o.db.orders.findOne(placed.orderId!).exec();
    expect(local?.transmited).toBe(false);
    expect(placed.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await ordersOnServer(placed.orderId!)).toBe(0);
    await h.engine.setOnline(true);
    await h.engine.checkout.sendWaitingOrders();
    await h.engine.whenIdle();
    expect(await ordersOnServer(placed.orderId!)).toBe(1);
  });

  it('a lost answer is retried with the same order_id and the server places the order exactly once', async () => {
    await readyToOrder();
    let lost = 0;
    h.intercept(async (req, real) => {
      const res = await real();
      if (req.url.startsWith('/api/order') && lost < 2) {
        lost += 1;
        throw new NetworkError('answer lost after the server placed the order', 'ENETWORK');
      }
      return res;
    });
    const placed = await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    expect(h.requests.filter((r) => r.url.startsWith('/api/order')).length).toBe(3);
    expect(await ordersOnServer(placed.orderId!)).toBe(1);
    const local = await h.engine.o.db.orders.findOne(placed.orderId!).exec();
    expect([local?.transmited, local?.code]).toEqual([true, 200]);
  });

  it('on success the order timestamp is stored, the cart is cleared without sync, password and createAccount are dropped', async () => {
    await readyToOrder();
    const placed = await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    const order = await h.engine.o.db.orders.findOne(placed.orderId!).exec();
    expect([order?.code, typeof order?.created_at]).toEqual([200, 'number']);
    expect(await h.engine.cartStore.items()).toEqual([]);
    expect(h.requests.some((r) => r.url.includes('/cart/delete'))).toBe(false);
    const personal = (await h.engine.checkout.details()).personal as Record<string, unknown>;
    expect(personal).toEqual({ email: 'sem@example.nl', firstname: 'Sem', lastname: 'de Vries' });
  });

  /** An engine that placed an order while offline, with two items of the first sku in its cart. */
  async function placedOffline(options: Partial<SyncEngineOptions> = {}): Promise<string> {
    h = await engineFor(server, { online: false, ...options });
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.checkout.save(details);
    const placed = await h.engine.checkout.placeOrder();
    expect(placed).toMatchObject({ ok: true, messageKey: ORDER_WAITING });
    return placed.orderId!;
  }

  async function localOrder(orderId: string) {
    const doc = await h.engine.o.db.orders.findOne(orderId).exec();
    return placedOrderView(doc!.toMutableJSON() as OrderDoc, false);
  }

  it('automatic transmission off (the default): going online asks first, nothing is sent until the shopper confirms', async () => {
    const orderId = await placedOffline();
    expect(h.engine.checkout.automaticTransmission).toBe(false);
    await h.engine.setOnline(true);
    await h.engine.whenIdle();
    expect(await ordersOnServer(orderId)).toBe(0);
    expect((await h.engine.checkout.waitingOrders()).map((o) => o.order_id)).toEqual([orderId]);
    expect((await localOrder(orderId)).state).toBe('waiting');

    await h.engine.checkout.sendWaitingOrders();
    await h.engine.checkout.sendWaitingOrders();
    await h.engine.whenIdle();
    expect(await ordersOnServer(orderId)).toBe(1);
    expect(h.requests.filter((r) => r.url.startsWith('/api/order')).length).toBe(1);
    const sent = await localOrder(orderId);
    expect(sent).toMatchObject({ state: 'placed', notice: null, increment_id: expect.stringMatching(/^\d+$/) });
    expect(sent.redirect_url).toMatch(/^\/pay\//);
    expect(h.notes.some((n) => n.messageKey === ORDER_SENT && n.type === 'success')).toBe(true);
    expect(await h.engine.cartStore.items()).toEqual([]);
  });

  it('automatic transmission on: going online sends the waiting order by itself, once', async () => {
    const orderId = await placedOffline({ automaticOrderTransmission: true });
    await h.engine.setOnline(true);
    await h.engine.setOnline(true);
    await h.engine.whenIdle();
    expect(await ordersOnServer(orderId)).toBe(1);
    expect(h.requests.filter((r) => r.url.startsWith('/api/order')).length).toBe(1);
    expect((await localOrder(orderId)).state).toBe('placed');
  });

  it('placing again while an order has no answer answers that order: a double tap never makes a second one', async () => {
    const orderId = await placedOffline();
    const again = await h.engine.checkout.placeOrder();
    expect(again).toMatchObject({ ok: true, orderId, messageKey: ORDER_WAITING });
    expect(await h.engine.o.db.orders.count().exec()).toBe(1);
  });

  it('a rejected order keeps the cart and the server message, on the step it concerns', async () => {
    await readyToOrder();
    await h.engine.checkout.save({ paymentMethod: { code: 'bancontact' } });
    const placed = await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    const order = await localOrder(placed.orderId!);
    expect(order.state).toBe('rejected');
    expect(order.rejection).toEqual({
      message: 'Deze betaalmethode is niet beschikbaar voor dit land',
      step: 'payment',
    });
    expect((await h.engine.cartStore.items()).map((i) => [i.sku, i.qty])).toEqual([[skus[0], 1]]);
    expect(await ordersOnServer(placed.orderId!)).toBe(0);
  });

  it('after a cancelled payment "try again" puts the order lines back into a new server cart', async () => {
    await readyToOrder();
    const placed = await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    const { increment_id: incrementId, redirect_url: payUrl } = await localOrder(placed.orderId!);
    expect(await h.engine.cartStore.items()).toEqual([]);
    const cancelled = await fetch(`${server.baseUrl}${payUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(await h.engine.checkout.orderOutcome(incrementId!)).toMatchObject({
      increment_id: incrementId,
      status: 'Cancelled',
      payment: 'failed',
      local: true,
    });

    expect(await h.engine.checkout.restoreCartFromOrder(incrementId!)).toEqual({ ok: true });
    expect(await h.engine.checkout.restoreCartFromOrder(incrementId!)).toEqual({ ok: true });
    await h.engine.whenIdle();
    expect((await h.engine.cartStore.items()).map((i) => [i.sku, i.qty])).toEqual([[skus[0], 1]]);
    const cartId = h.engine.cartStore.cartServerToken();
    expect(cartId).toBeTruthy();
    const { rows } = await server.db.query<{ sku: string; qty: number }>(
      'select ci.sku, ci.qty from cart_items ci join carts c on c.id = ci.cart_id where c.cart_id = $1 and c.is_active',
      [cartId],
    );
    expect(rows.map((r) => [r.sku, r.qty])).toEqual([[skus[0], 1]]);
  });

  it("an order of another device is not read by its number without the owner's token", async () => {
    h = await engineFor(server);
    await h.engine.start();
    const { rows } = await server.db.query<{ increment_id: string }>('select increment_id from orders limit 1');
    expect(rows.length).toBe(1);
    expect(await h.engine.checkout.orderOutcome(rows[0].increment_id)).toBeNull();
  });

  it("Flying Blue (spec 001 §4): the redirect is read by the order id; an order without one gets the spec's error with OK", async () => {
    await readyToOrder();
    await h.engine.checkout.save({ paymentMethod: { code: 'flying_blue_payment' } });
    const flying = await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    expect(await h.engine.checkout.flyingBlueRedirect(flying.orderId!)).toMatch(/^\/pay\//);

    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.checkout.save({ paymentMethod: { code: 'ideal' } });
    const ideal = await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    expect(await h.engine.checkout.flyingBlueRedirect(ideal.orderId!)).toBeNull();
    expect(h.notes).toContainEqual(
      expect.objectContaining({ type: 'danger', messageKey: FLYING_BLUE_FAILED, action: { labelKey: 'OK' } }),
    );
  });

  it("the checkout totals are the server cart's for the chosen address and method (shipping-information, then collect-totals), and the order is charged them", async () => {
    await readyToOrder();
    const info = (await h.engine.checkout.addressInformation())!;
    expect(await h.engine.totals.collectTotals(info)).toEqual({ ok: true });
    const calls = h.requests.map((r) => r.url.split('?')[0]);
    expect(calls.slice(-2)).toEqual(['/api/ext/shop/cart/shipping-information', '/api/ext/shop/cart/collect-totals']);
    const shown = (await h.engine.cartStore.state()).platformTotals as { grand_total: number };
    expect(shown.grand_total).toBeGreaterThan(0);

    const refused = await h.engine.totals.collectTotals({
      ...info,
      shippingAddress: { ...(info.shippingAddress as object), country_id: 'BE' },
    });
    expect(refused).toEqual({
      ok: false,
      messageKey: 'Deze verzendmethode bestaat niet of is niet beschikbaar voor dit land',
    });

    const placed = await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    const { rows } = await server.db.query<{ grand_total_cents: number }>(
      'select grand_total_cents from orders where order_id = $1',
      [placed.orderId],
    );
    expect(rows[0].grand_total_cents).toBe(toCents(shown.grand_total));
  });

  it('a DHL ServicePoint or store pickup without its point or store is refused on the device; with one it lands on the order', async () => {
    await readyToOrder();
    await h.engine.checkout.save({ shippingMethod: { carrier_code: 'dhl', method_code: 'servicepoint' } });
    expect(await h.engine.checkout.placeOrder()).toEqual({
      ok: false,
      messageKey: 'A service point or store must be selected.',
    });
    await h.engine.checkout.save({ shippingMethod: { carrier_code: 'storepickup', method_code: 'storepickup' } });
    expect((await h.engine.checkout.placeOrder()).ok).toBe(false);
    expect(await h.engine.o.db.orders.count().exec()).toBe(0);

    const { rows } = await server.db.query<{ shop_code: string; name: string }>(
      "select shop_code, name from parcel_shops where carrier = 'dhl' and country_id = 'NL' order by id limit 1",
    );
    const point = {
      id: rows[0].shop_code,
      carrier: 'dhl' as const,
      name: rows[0].name,
      address: { street: 'x', house_number: '1', postcode: '1012 AB', city: 'Amsterdam', country_id: 'NL' },
      distance: 1200,
      opening_hours: [],
    };
    await h.engine.checkout.save({ shippingMethod: { carrier_code: 'dhl', method_code: 'servicepoint', point } });
    const placed = await h.engine.checkout.placeOrder();
    await h.engine.whenIdle();
    const stored = await server.db.query<{ delivery: { point: { id: string; name: string } } }>(
      'select delivery from orders where order_id = $1',
      [placed.orderId],
    );
    expect(stored.rows[0].delivery.point).toMatchObject({ id: rows[0].shop_code, name: rows[0].name });
  });
});
