import type { Queryable } from '../db/index.ts';
import { notFound } from '../http/envelope.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

/**
 * Spec 001 §4 "Flying-blue": after an order paid with flying_blue_payment* the client fetches a redirect URL by the
 * order id it stored and navigates there. The airline's payment page is our local payment page; the client's
 * `order_id` (random, unguessable) is the credential, as for a guest's order details.
 */
export async function flyingBlueRedirect(
  db: Queryable,
  orderId: string,
): Promise<{ redirect_url: string; increment_id: string }> {
  const { rows } = await db.query<{ payment_key: string; increment_id: string }>(
    `select p.payment_key, o.increment_id
       from orders o join payments p on p.order_pk = o.id
      where o.order_id = $1 and p.status = 'pending' and p.method like 'flying\\_blue\\_payment%'
      order by p.id desc limit 1`,
    [orderId],
  );
  if (!rows[0]) throw notFound(ORDER_MESSAGES.orderNotFound);
  return { redirect_url: `/pay/${rows[0].payment_key}`, increment_id: rows[0].increment_id };
}
