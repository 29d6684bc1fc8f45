import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Queryable } from '../db/index.ts';
import {
  ORDER_DELIVERY_COLUMNS,
  ORDER_DELIVERY_JOINS,
  type OrderItemRow,
  type OrderRow,
} from '../orders/order-view.ts';
import { notFound, ok } from '../http/envelope.ts';
import { toEuros } from '../../domain/money.ts';
import { customerSession, requireCustomer } from '../auth/customer-session.ts';
import { iso } from './customer-dto.ts';
import { MESSAGES } from './messages.ts';
import { orderDetailSchema, orderHistorySchema } from './schemas.ts';
import {
  ORDER_HISTORY_PAGE_SIZE,
  type HistoryOrder,
  type HistoryOrderLine,
  type OrderHistoryPage,
} from '../../contract/order-history.ts';

/** An order row as the history reads it: with its store view, without the owner (the token decides). */
type HistoryOrderRow = Omit<OrderRow, 'customer_id'> & { store_code: string };

/** With its keys: the history reads the items of many orders at once. */
type HistoryItemRow = OrderItemRow & { id: number; order_pk: number };

/** An order as the account pages read it (contract/order-history.ts). */
export function toOrderDto(order: HistoryOrderRow, items: HistoryItemRow[]): HistoryOrder {
  return {
    entity_id: order.id,
    order_id: order.order_id,
    increment_id: order.increment_id,
    created_at: iso(order.created_at)!,
    status: order.status,
    customer_email: order.email,
    store_code: order.store_code,
    order_currency_code: 'EUR',
    subtotal_incl_tax: toEuros(order.subtotal_cents),
    shipping_incl_tax: toEuros(order.shipping_cents),
    discount_amount: toEuros(order.discount_cents),
    tax_amount: toEuros(order.tax_cents),
    grand_total: toEuros(order.grand_total_cents),
    shipping_method: order.shipping_method,
    payment: { method: order.payment_method, title: order.payment_title },
    delivery: order.delivery,
    coupon_code: order.coupon_code,
    // stored from the order's validated body (contract/order.ts OrderAddress)
    shipping_address: (order.shipping_address as HistoryOrder['shipping_address']) ?? null,
    billing_address: (order.billing_address as HistoryOrder['billing_address']) ?? null,
    total_qty_ordered: items.reduce((sum, i) => sum + i.qty, 0),
    items: items.map((i) => ({
      item_id: i.id,
      sku: i.sku,
      name: i.name,
      qty_ordered: i.qty,
      price_incl_tax: toEuros(i.price_cents),
      row_total_incl_tax: toEuros(i.row_total_cents),
      product_option: (i.product_option as HistoryOrderLine['product_option']) ?? null,
    })),
  };
}

const ORDER_COLUMNS = `o.id, o.order_id, o.increment_id, o.email, o.status, o.store_code, o.subtotal_cents, o.shipping_cents,
  o.discount_cents, o.tax_cents, o.grand_total_cents, o.shipping_method, o.payment_method, o.coupon_code,
  o.shipping_address, o.billing_address, o.created_at, ${ORDER_DELIVERY_COLUMNS}`;

async function withItems(db: Queryable, orders: HistoryOrderRow[]) {
  if (orders.length === 0) return [];
  const { rows } = await db.query<HistoryItemRow>(
    'select * from order_items where order_pk = any($1::int[]) order by id',
    [orders.map((o) => o.id)],
  );
  return orders.map((o) =>
    toOrderDto(
      o,
      rows.filter((i) => i.order_pk === o.id),
    ),
  );
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = requireCustomer(app);

  /** Spec 000 §7 "GET order-history: pageSize (default 20), currentPage (default 1)", newest first, own orders only. */
  app.get('/order-history', { schema: orderHistorySchema, preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    // ajv fills both defaults; the same defaults here keep the handler's types honest.
    const { pageSize = ORDER_HISTORY_PAGE_SIZE, currentPage = 1 } = request.query;
    const total = await app.db.query<{ n: number }>('select count(*)::int as n from orders where customer_id = $1', [
      customerId,
    ]);
    const { rows } = await app.db.query<HistoryOrderRow>(
      `select ${ORDER_COLUMNS} from orders o ${ORDER_DELIVERY_JOINS}
          where o.customer_id = $1 order by o.created_at desc, o.id desc limit $2 offset $3`,
      [customerId, pageSize, (currentPage - 1) * pageSize],
    );
    return ok<OrderHistoryPage>(reply, {
      items: await withItems(app.db, rows),
      total_count: total.rows[0].n,
      page_size: pageSize,
      current_page: currentPage,
    });
  });

  /** One order of the customer for aankopen/{orderId}, by increment_id or order_id; anyone else's is a 404. */
  app.get('/order-history/detail', { schema: orderDetailSchema, preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const { rows } = await app.db.query<HistoryOrderRow>(
      `select ${ORDER_COLUMNS} from orders o ${ORDER_DELIVERY_JOINS}
          where o.customer_id = $1 and (o.increment_id = $2 or o.order_id = $3)`,
      [customerId, request.query.increment_id ?? null, request.query.order_id ?? null],
    );
    if (!rows[0]) throw notFound(MESSAGES.orderNotFound);
    return ok(reply, (await withItems(app.db, rows))[0]);
  });
};

export default routes;
