import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderRepricing } from '../../../contract/order.ts';
import type { TestServer } from '../../support/test-server.ts';
import { ORDER_ADDRESS, PAY, SHIP, placeOrder, setStock, stockOf, useCheckoutServer } from '../cart/cart-fixtures.ts';

/**
 * Spec 001 §8 re-pricing: an order carries what the shopper agreed to; the server prices it on arrival and places it
 * only when the amounts are the same, else answers every difference and stores nothing for the order_id.
 */

let server: TestServer;

useCheckoutServer(
  { products: 4 },
  [
    { id: 993001, sku: 'R-JAS', priceCents: 2995, stock: { qty: 50 } },
    { id: 993002, sku: 'R-SOK', priceCents: 995, stock: { qty: 50 } },
    { id: 993003, sku: 'R-DAS', priceCents: 1995, stock: { qty: 5 } },
  ],
  (started) => {
    server = started;
  },
);

type Line = { sku: string; qty: number; agreed_price?: number };

function body(products: Line[], agreed: { grand_total: number; shipping: number; discount: number }) {
  return {
    order_id: randomUUID(),
    products,
    agreed,
    addressInformation: {
      shippingAddress: ORDER_ADDRESS,
      billingAddress: ORDER_ADDRESS,
      shipping_method_code: SHIP.home,
      shipping_carrier_code: SHIP.carrier,
      payment_method_code: PAY.ideal,
    },
  };
}

async function ordersWith(orderId: string) {
  const { rows } = await server.db.query<{ grand_total_cents: number; price_cents: number; sku: string }>(
    `select o.grand_total_cents, i.price_cents, i.sku from orders o join order_items i on i.order_pk = o.id
      where o.order_id = $1 order by i.id`,
    [orderId],
  );
  return rows;
}

const setPrice = (sku: string, cents: number) =>
  server.db.query('update products set price_cents = $2 where sku = $1', [sku, cents]);

describe('POST /api/order with what the shopper agreed to', () => {
  it('places the order when the amounts are the ones agreed', async () => {
    const order = body([{ sku: 'R-JAS', qty: 2, agreed_price: 29.95 }], {
      grand_total: 59.9,
      shipping: 0,
      discount: 0,
    });
    const res = await placeOrder(server, order);
    expect(res.status).toBe(200);
    expect(await ordersWith(order.order_id)).toEqual([{ grand_total_cents: 5990, price_cents: 2995, sku: 'R-JAS' }]);
  });

  it('a changed price: 409 with the line was → now and the totals, nothing stored; the same order_id at the new total places once', async () => {
    await setPrice('R-JAS', 3495);
    try {
      const order = body([{ sku: 'R-JAS', qty: 2, agreed_price: 29.95 }], {
        grand_total: 59.9,
        shipping: 0,
        discount: 0,
      });
      const reserved = (await stockOf(server.db, 'R-JAS')).reserved_qty;
      const res = await placeOrder(server, order);
      expect(res.status).toBe(409);
      expect(res.body.result).toBe('De prijzen in je winkelwagen zijn gewijzigd.');
      expect(res.body.meta?.repricing).toEqual({
        lines: [{ index: 0, sku: 'R-JAS', name: expect.any(String), qty: 2, was: 29.95, now: 34.95, sold_out: false }],
        totals: {
          grand_total: { was: 59.9, now: 69.9 },
          shipping: { was: 0, now: 0 },
          discount: { was: 0, now: 0 },
        },
      } satisfies OrderRepricing);
      expect(await ordersWith(order.order_id)).toEqual([]);
      expect((await stockOf(server.db, 'R-JAS')).reserved_qty).toBe(reserved);

      const accepted = {
        ...order,
        products: [{ sku: 'R-JAS', qty: 2, agreed_price: 34.95 }],
        agreed: { ...order.agreed, grand_total: 69.9 },
      };
      const [first, repeat] = [await placeOrder(server, accepted), await placeOrder(server, accepted)];
      expect([first.status, repeat.status]).toEqual([200, 200]);
      expect(repeat.body.result).toEqual(first.body.result);
      expect(await ordersWith(order.order_id)).toEqual([{ grand_total_cents: 6990, price_cents: 3495, sku: 'R-JAS' }]);
    } finally {
      await setPrice('R-JAS', 2995);
    }
  });

  it('a sold-out line is named, and the new totals are those without it', async () => {
    await setStock(server.db, 'R-DAS', 0);
    try {
      const order = body(
        [
          { sku: 'R-SOK', qty: 1, agreed_price: 9.95 },
          { sku: 'R-DAS', qty: 1, agreed_price: 19.95 },
        ],
        { grand_total: 34.85, shipping: 4.95, discount: 0 },
      );
      const res = await placeOrder(server, order);
      expect(res.status).toBe(409);
      expect(res.body.result).toBe('Sommige bestelde producten zijn niet (meer) beschikbaar');
      const repricing = res.body.meta?.repricing as OrderRepricing;
      expect(repricing.lines).toEqual([
        { index: 1, sku: 'R-DAS', name: expect.any(String), qty: 1, was: 19.95, now: null, sold_out: true },
      ]);
      expect(repricing.totals.grand_total).toEqual({ was: 34.85, now: 14.9 });
      expect(await ordersWith(order.order_id)).toEqual([]);
    } finally {
      await setStock(server.db, 'R-DAS', 5);
    }
  });

  it('a shipping cost that differs from the agreed one is a difference too', async () => {
    const order = body([{ sku: 'R-SOK', qty: 1, agreed_price: 9.95 }], { grand_total: 9.95, shipping: 0, discount: 0 });
    const res = await placeOrder(server, order);
    expect(res.status).toBe(409);
    const repricing = res.body.meta?.repricing as OrderRepricing;
    expect(repricing.lines).toEqual([]);
    expect(repricing.totals).toMatchObject({ shipping: { was: 0, now: 4.95 }, grand_total: { was: 9.95, now: 14.9 } });
    expect(await ordersWith(order.order_id)).toEqual([]);
  });

  it('an agreement that is not a number is a 400 naming the field', async () => {
    const order = body([{ sku: 'R-SOK', qty: 1 }], { grand_total: 'veel' as never, shipping: 0, discount: 0 });
    const res = await placeOrder(server, order);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.result)).toContain('agreed');
  });
});
