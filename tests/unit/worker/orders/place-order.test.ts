import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../support/test-server.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import { ORDER_WAITING } from '../../../../worker/orders/checkout.ts';
import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import { dutchCheckoutDetails } from '../support/checkout.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

describe('place order (spec 000 §4 "Place order", "Offline")', () => {
  let server: TestServer;
  let skus: string[];
  let details: CheckoutDetails;
  let h: EngineHarness;

  engineSuite(
    { products: 12 },
    (found) => ({ server, skus } = found),
    () => h,
  );
  beforeAll(async () => {
    details = await dutchCheckoutDetails(server, {
      email: 'sem@example.nl',
      firstname: 'Sem',
      lastname: 'de Vries',
      createAccount: true,
      password: 'Welkom#2026x',
    });
  });

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
    const last = await h.engine.o.db.kv.findOne('last-order').exec();
    expect(last?.toMutableJSON().value).toMatchObject({ order_id: placed.orderId });
    expect(await h.engine.cartStore.items()).toEqual([]);
    expect(h.requests.some((r) => r.url.includes('/cart/delete'))).toBe(false);
    const personal = (await h.engine.checkout.details()).personal as Record<string, unknown>;
    expect(personal).toEqual({ email: 'sem@example.nl', firstname: 'Sem', lastname: 'de Vries' });
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
