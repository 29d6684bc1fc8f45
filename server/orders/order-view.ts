import type { OrderDelivery } from '../../contract/delivery.ts';
import type { Queryable } from '../db/index.ts';
import { toEuros } from '../../domain/money.ts';
import { notFound } from '../http/envelope.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

/** An `orders` row as the order pages and the account's order history read it. */
export interface OrderRow {
  id: number;
  order_id: string;
  increment_id: string;
  customer_id: number | null;
  email: string;
  status: string;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  tax_cents: number;
  grand_total_cents: number;
  shipping_method: string | null;
  payment_method: string | null;
  coupon_code: string | null;
  shipping_address: Record<string, unknown> | null;
  billing_address: Record<string, unknown> | null;
  created_at: Date | string;
  /** Read with ORDER_DELIVERY_COLUMNS / ORDER_DELIVERY_JOINS. */
  delivery: OrderDelivery | null;
  payment_title: string | null;
}

/**
 * The order's delivery (contract/delivery.ts OrderDelivery) and its payment method's title, for `select … from
 * orders o` with ORDER_DELIVERY_JOINS. Orders stored before the delivery column (the seeded history) read their
 * method's titles from shipping_methods, without a point or store.
 */
export const ORDER_DELIVERY_COLUMNS = `coalesce(o.delivery, case when sm.carrier_code is null then null else
  jsonb_build_object('carrier_code', sm.carrier_code, 'method_code', sm.method_code, 'carrier_title', sm.carrier_title,
                     'method_title', sm.method_title, 'point', null, 'store', null) end) as delivery,
  pm.title as payment_title`;
export const ORDER_DELIVERY_JOINS = `left join shipping_methods sm on sm.carrier_code || '_' || sm.method_code = o.shipping_method
  left join payment_methods pm on pm.code = o.payment_method`;

/** An `order_items` row as the order pages and the account's order history read it. */
export interface OrderItemRow {
  sku: string;
  name: string;
  qty: number;
  price_cents: number;
  row_total_cents: number;
  product_option: unknown;
}

/**
 * One order for the confirmation and details pages, by increment id or by the client's `order_id`. A customer sees
 * only their own orders (token); a guest proves the order is theirs with its client-generated `order_id` — in the
 * path or as `?order_id=` — since increment ids are sequential and guessable. Anything else is a 404, never data.
 */
export async function viewOrder(
  db: Queryable,
  incrementId: string,
  access: { customerId: number | null; orderId?: string },
) {
  const { rows } = await db.query<OrderRow>(
    `select o.id, o.order_id, o.increment_id, o.customer_id, o.email, o.status, o.subtotal_cents, o.shipping_cents,
            o.discount_cents, o.tax_cents, o.grand_total_cents, o.shipping_method, o.payment_method, o.coupon_code,
            o.shipping_address, o.billing_address, o.created_at, ${ORDER_DELIVERY_COLUMNS}
       from orders o ${ORDER_DELIVERY_JOINS}
      where o.increment_id = $1 or o.order_id = $1
      order by (o.increment_id = $1) desc limit 1`,
    [incrementId],
  );
  const order = rows[0];
  const mine =
    order &&
    ((access.customerId !== null && order.customer_id === access.customerId) ||
      (access.orderId !== undefined && access.orderId === order.order_id) ||
      incrementId === order.order_id);
  if (!order || !mine) throw notFound(ORDER_MESSAGES.orderNotFound);

  const { rows: items } = await db.query<OrderItemRow>(
    'select sku, name, qty, price_cents, row_total_cents, product_option from order_items where order_pk = $1 order by id',
    [order.id],
  );
  const { rows: payments } = await db.query<{
    payment_key: string;
    method: string;
    status: string;
    amount_cents: number;
  }>('select payment_key, method, status, amount_cents from payments where order_pk = $1 order by id desc limit 1', [
    order.id,
  ]);
  const payment = payments[0];
  return {
    order_id: order.order_id,
    increment_id: order.increment_id,
    status: order.status,
    created_at: new Date(order.created_at).toISOString(),
    email: order.email,
    subtotal_incl_tax: toEuros(order.subtotal_cents),
    shipping_incl_tax: toEuros(order.shipping_cents),
    discount_amount: toEuros(-order.discount_cents),
    tax_amount: toEuros(order.tax_cents),
    grand_total: toEuros(order.grand_total_cents),
    coupon_code: order.coupon_code,
    shipping_method: order.shipping_method,
    payment_method: order.payment_method,
    payment_method_title: order.payment_title,
    delivery: order.delivery,
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    items: items.map((i) => ({
      sku: i.sku,
      name: i.name,
      qty: i.qty,
      price_incl_tax: toEuros(i.price_cents),
      row_total_incl_tax: toEuros(i.row_total_cents),
      product_option: i.product_option,
    })),
    payment: payment
      ? {
          method: payment.method,
          status: payment.status,
          amount: toEuros(payment.amount_cents),
          redirect_url: payment.status === 'pending' ? `/pay/${payment.payment_key}` : null,
        }
      : null,
  };
}
