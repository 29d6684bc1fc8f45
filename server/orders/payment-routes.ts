import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ORDER_STATUS } from './order-messages.ts';
import { paymentNotFoundPage, paymentPage } from './payment-page.ts';

interface PaymentRow {
  id: number;
  order_pk: number;
  payment_key: string;
  method: string;
  amount_cents: number;
  status: string;
  increment_id: string;
  title: string | null;
}

async function findPayment(db: Queryable, key: string, lock = false): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(
    `select p.id, p.order_pk, p.payment_key, p.method, p.amount_cents, p.status, o.increment_id, pm.title
       from payments p join orders o on o.id = p.order_pk left join payment_methods pm on pm.code = p.method
      where p.payment_key = $1${lock ? ' for update of p' : ''}`,
    [key],
  );
  return rows[0] ?? null;
}

/**
 * Settles a pending payment once. Paid: the order is processing and its reserved stock becomes sold (qty and
 * reserved_qty both drop). Cancelled: the order is cancelled and the reservation is released. A second click, a
 * reload or the other button afterwards changes nothing.
 */
async function settle(db: Queryable, payment: PaymentRow, outcome: 'paid' | 'failed'): Promise<string> {
  if (payment.status !== 'pending') return payment.status;
  await db.query('update payments set status = $1 where id = $2', [outcome, payment.id]);
  await db.query('update orders set status = $1 where id = $2', [
    outcome === 'paid' ? ORDER_STATUS.processing : ORDER_STATUS.cancelled,
    payment.order_pk,
  ]);
  const { rows: items } = await db.query<{ sku: string; qty: number }>('select sku, qty from order_items where order_pk = $1', [payment.order_pk]);
  for (const item of items) {
    await db.query(
      outcome === 'paid'
        ? `update stock_items set qty = qty - $2, reserved_qty = greatest(0, reserved_qty - $2),
                  is_in_stock = (qty - $2) > 0 or not manage_stock
            where sku = $1 and manage_stock`
        : 'update stock_items set reserved_qty = greatest(0, reserved_qty - $2) where sku = $1 and manage_stock',
      [item.sku, item.qty],
    );
  }
  return outcome;
}

/**
 * The local payment page at the site root (`/pay/…`, proxied by vite in dev). It ends with a 303 to the spec's
 * payment return pages: /checkout-return/?order=… when paid, /checkout-failed/?order=… otherwise.
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  // The page's buttons are plain HTML forms; their (empty) body needs no parsing.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.get('/pay/:paymentKey', async (request, reply) => {
    const { paymentKey } = request.params as { paymentKey: string };
    const payment = await findPayment(app.db, paymentKey);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!payment) return reply.code(404).send(paymentNotFoundPage());
    return reply.send(
      paymentPage({
        paymentKey,
        incrementId: payment.increment_id,
        amountCents: payment.amount_cents,
        methodTitle: payment.title ?? payment.method,
        status: payment.status,
      }),
    );
  });

  for (const [action, outcome] of [['complete', 'paid'], ['cancel', 'failed']] as const) {
    app.post(`/pay/:paymentKey/${action}`, async (request, reply) => {
      const { paymentKey } = request.params as { paymentKey: string };
      const result = await app.db.transaction(async (tx) => {
        const payment = await findPayment(tx, paymentKey, true);
        if (!payment) return null;
        return { status: await settle(tx, payment, outcome), incrementId: payment.increment_id };
      });
      if (!result) return reply.code(404).type('text/html; charset=utf-8').send(paymentNotFoundPage());
      const target = result.status === 'paid' ? '/checkout-return/' : '/checkout-failed/';
      return reply.redirect(`${target}?order=${encodeURIComponent(result.incrementId)}`, 303);
    });
  }
};

export default paymentRoutes;
