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
}

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
    `select id, order_id, increment_id, customer_id, email, status, subtotal_cents, shipping_cents, discount_cents,
            tax_cents, grand_total_cents, shipping_method, payment_method, coupon_code, shipping_address,
            billing_address, created_at
       from orders where increment_id = $1 or order_id = $1
      order by (increment_id = $1) desc limit 1`,
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
