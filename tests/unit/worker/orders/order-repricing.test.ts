import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../../support/test-server.ts';
import type { CheckoutDetails, OrderAgreementInput } from '../../../../worker/orders/api-types.ts';
import { cartLineView, cartTotalsView } from '../../../../worker/cart/cart-view.ts';
import { agreedAmounts } from '../../../../domain/cart/totals-rule.ts';
import { placedOrderView } from '../../../../worker/orders/order-view.ts';
import { SOLD_OUT_IN_CART } from '../../../../worker/orders/order-repricing.ts';
import type { OrderDoc } from '../../../../schemas/index.ts';
import { orderSuite } from '../support/checkout.ts';
import { engineFor, type EngineHarness } from '../support/engine.ts';

/**
 * Spec 001 §8 on the device: an order placed offline carries what the summary showed; when the server re-prices it
 * on arrival the order is answered with the differences, and the shopper places it at the new total (same order_id,
 * once) or cancels it (lines in the cart, sold-out ones marked).
 */
describe('a waiting order re-priced before it is placed', () => {
  let server: TestServer;
  let skus: string[];
  let details: CheckoutDetails;
  let h: EngineHarness;

  orderSuite({ products: 12 }, undefined, (found) => ({ server, skus, details } = found));

  type Price = { price_cents: number; special_price_cents: number | null };
  const priceOf = async (sku: string) =>
    (await server.db.query<Price>('select price_cents, special_price_cents from products where sku = $1', [sku]))
      .rows[0]!;
  const setPrice = (sku: string, p: Price) =>
    server.db.query('update products set price_cents = $2, special_price_cents = $3 where sku = $1', [
      sku,
      p.price_cents,
      p.special_price_cents,
    ]);
  const serverOrders = async (orderId: string) =>
    (
      await server.db.query<{ grand_total_cents: number; price_cents: number }>(
        `select o.grand_total_cents, i.price_cents from orders o join order_items i on i.order_pk = o.id
          where o.order_id = $1`,
        [orderId],
      )
    ).rows;

  /** Online: two lines in the cart, the server's totals for the address; then offline, the order placed as shown. */
  async function orderPlacedOffline(): Promise<{ orderId: string; agreed: OrderAgreementInput }> {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.cart.add({ sku: skus[1], qty: 2 });
    await h.engine.whenIdle();
    await h.engine.checkout.save(details);
    expect((await h.engine.totals.collectTotals((await h.engine.checkout.addressInformation())!)).ok).toBe(true);
    const lines = (await h.engine.cartStore.items()).map(cartLineView);
    const totals = cartTotalsView(lines, (await h.engine.cartStore.state()).platformTotals);
    const agreed = {
      lines: lines.map((l) => ({ sku: l.sku, unitCents: l.unitCents })),
      ...agreedAmounts(totals),
    };
    await h.engine.setOnline(false);
    const placed = await h.engine.checkout.placeOrder(agreed);
    expect(placed.ok).toBe(true);
    return { orderId: placed.orderId!, agreed };
  }

  async function viewOf(orderId: string) {
    const doc = await h.engine.o.db.orders.findOne(orderId).exec();
    return doc ? placedOrderView(doc.toMutableJSON() as OrderDoc, false) : null;
  }

  async function sendOnline(): Promise<void> {
    await h.engine.setOnline(true);
    await h.engine.checkout.sendWaitingOrders();
    await h.engine.whenIdle();
  }

  it('unchanged prices: placed as agreed', async () => {
    const { orderId, agreed } = await orderPlacedOffline();
    await sendOnline();
    expect((await viewOf(orderId))?.state).toBe('placed');
    expect((await serverOrders(orderId))[0]?.grand_total_cents).toBe(agreed.grandTotal);
  });

  it('a price raised while it waited: the differences, nothing placed; placed at the new total once, same order_id', async () => {
    const { orderId, agreed } = await orderPlacedOffline();
    const before = await priceOf(skus[0]);
    const was = agreed.lines[0]!.unitCents!;
    await setPrice(skus[0], { price_cents: was + 500, special_price_cents: null });
    try {
      await sendOnline();
      const view = await viewOf(orderId);
      expect(view?.state).toBe('repriced');
      expect(view?.repricing?.lines).toEqual([
        expect.objectContaining({ sku: skus[0], was: agreed.lines[0]!.unitCents, now: was + 500, soldOut: false }),
      ]);
      expect(view?.repricing?.grandTotal).toEqual({ was: agreed.grandTotal, now: agreed.grandTotal + 500 });
      expect(await serverOrders(orderId)).toEqual([]);
      // the cart still holds the lines while the shopper chooses
      expect((await h.engine.cartStore.items()).length).toBe(2);

      expect(await h.engine.checkout.placeAtNewPrices(orderId)).toEqual({ ok: true });
      await h.engine.whenIdle();
      expect((await viewOf(orderId))?.state).toBe('placed');
      const rows = await serverOrders(orderId);
      expect(rows.map((r) => r.grand_total_cents)).toEqual([agreed.grandTotal + 500, agreed.grandTotal + 500]);
      expect(rows.some((r) => r.price_cents === was + 500)).toBe(true);
      expect(await h.engine.cartStore.items()).toEqual([]);
    } finally {
      await setPrice(skus[0], before);
    }
  });

  it('cancelled with a sold-out line: nothing on the server, the lines in the cart and the sold-out one marked', async () => {
    const { orderId } = await orderPlacedOffline();
    const { rows } = await server.db.query<{ qty: number }>('select qty from stock_items where sku = $1', [skus[1]]);
    await server.db.query('update stock_items set qty = 0, is_in_stock = false where sku = $1', [skus[1]]);
    try {
      await sendOnline();
      const view = await viewOf(orderId);
      expect(view?.state).toBe('repriced');
      expect(view?.repricing).toMatchObject({ soldOut: true, placeable: true });
      expect(view?.repricing?.lines).toEqual([expect.objectContaining({ sku: skus[1], now: null, soldOut: true })]);

      expect(await h.engine.checkout.cancelOrder(orderId)).toEqual({ ok: true });
      expect(await viewOf(orderId)).toBeNull();
      const items = await h.engine.cartStore.items();
      expect(items.map((i) => [i.sku, i.qty]).sort()).toEqual([
        [skus[0], 1],
        [skus[1], 2],
      ]);
      expect(items.find((i) => i.sku === skus[1])?.errors).toEqual({ stock: SOLD_OUT_IN_CART });
      await h.engine.whenIdle();
      expect(await serverOrders(orderId)).toEqual([]);
    } finally {
      await server.db.query('update stock_items set qty = $2, is_in_stock = true where sku = $1', [
        skus[1],
        rows[0]!.qty,
      ]);
    }
  });
});
