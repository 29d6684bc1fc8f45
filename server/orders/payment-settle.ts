import { formatPrice } from '../../domain/money.ts';
import { shippingCentsOf, shippingSegment } from '../../domain/cart/totals-rule.ts';
import type { Database, Queryable } from '../db/index.ts';
import { ORDER_STATUS } from './order-messages.ts';
import { queueOrderMail } from './order-mails.ts';
import { orderGiftCardCents, refundGiftCardRedemption } from '../giftcards/gift-cards.ts';
import type { PaymentSource } from './payment-routes.ts';

export interface PaymentRow {
  id: number;
  order_pk: number;
  payment_key: string;
  method: string;
  amount_cents: number;
  status: string;
  increment_id: string;
  title: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  grand_total_cents: number;
  coupon_code: string | null;
}

export async function findPayment(db: Queryable, key: string, lock = false): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(
    `select p.id, p.order_pk, p.payment_key, p.method, p.amount_cents, p.status, o.increment_id, pm.title,
            o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.grand_total_cents, o.coupon_code
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
export async function settle(db: Queryable, payment: PaymentRow, outcome: 'paid' | 'failed'): Promise<string> {
  if (payment.status !== 'pending') return payment.status;
  await db.query('update payments set status = $1 where id = $2', [outcome, payment.id]);
  await db.query('update orders set status = $1 where id = $2', [
    outcome === 'paid' ? ORDER_STATUS.processing : ORDER_STATUS.cancelled,
    payment.order_pk,
  ]);
  if (outcome === 'failed') await refundGiftCardRedemption(db, payment.order_pk);
  await queueOrderMail(db, payment.order_pk, outcome === 'paid' ? 'paid' : 'cancelled');
  const { rows: items } = await db.query<{ sku: string; qty: number }>(
    'select sku, qty from order_items where order_pk = $1',
    [payment.order_pk],
  );
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

/** A payment not completed within this time is cancelled and its stock reservation released (iDEAL-like expiry). */
export const PAYMENT_EXPIRY_MINUTES = 60;

/**
 * Cancels pending payments older than the expiry, at the server clock, so abandoned checkouts do not hold stock
 * forever. Runs lazily before each order placement and payment page call; each payment settles in its own
 * transaction. `created_at` of a payment is the server clock at placement, so tests can move time past the expiry.
 */
export async function expireStalePayments(db: Database, now: Date): Promise<number> {
  const { rows } = await db.query<{ payment_key: string }>(
    `select payment_key from payments where status = 'pending' and created_at < $1::timestamptz - make_interval(mins => $2)`,
    [now.toISOString(), PAYMENT_EXPIRY_MINUTES],
  );
  for (const { payment_key } of rows) {
    await db.transaction(async (tx) => {
      const payment = await findPayment(tx, payment_key, true);
      if (payment) await settle(tx, payment, 'failed');
    });
  }
  return rows.length;
}

/** The order's totals as every screen shows them (domain/cart/totals-rule.ts): the payment page is one of them. */
function orderTotalsDetails(o: PaymentRow): [string, string][] {
  const shipping = shippingSegment(o.shipping_cents, false);
  return [
    ['Subtotaal', formatPrice(o.subtotal_cents)],
    ...(o.discount_cents
      ? ([[o.coupon_code ? `Korting (${o.coupon_code})` : 'Korting', `-${formatPrice(o.discount_cents)}`]] as [
          string,
          string,
        ][])
      : []),
    ['Verzending', shipping.kind === 'free' ? 'Gratis' : formatPrice(shippingCentsOf(shipping))],
    ['Totaal', formatPrice(o.grand_total_cents)],
    ['Waarvan btw', formatPrice(o.tax_cents)],
  ];
}

/** What the order's gift card paid and what is left to pay here. */
async function giftCardDetails(db: Queryable, payment: PaymentRow): Promise<[string, string][]> {
  const byCard = await orderGiftCardCents(db, payment.order_pk);
  if (!byCard) return [];
  return [
    ['Cadeaukaart', `-${formatPrice(byCard)}`],
    ['Te betalen', formatPrice(payment.amount_cents)],
  ];
}

/** An order's payment on the local payment page; it returns to /checkout-return/ when paid, else /checkout-failed/. */
export const orderPayments: PaymentSource = {
  expireStale: expireStalePayments,
  async find(db, paymentKey) {
    const payment = await findPayment(db, paymentKey);
    if (!payment) return null;
    return {
      paymentKey,
      details: [
        ['Bestelnummer', payment.increment_id],
        ...orderTotalsDetails(payment),
        ...(await giftCardDetails(db, payment)),
        ['Betaalmethode', payment.title ?? payment.method],
      ],
      status: payment.status === 'pending' || payment.status === 'paid' ? payment.status : 'cancelled',
    };
  },
  async settle(tx, paymentKey, outcome) {
    const payment = await findPayment(tx, paymentKey, true);
    if (!payment) return null;
    const target = (await settle(tx, payment, outcome)) === 'paid' ? '/checkout-return/' : '/checkout-failed/';
    return `${target}?order=${encodeURIComponent(payment.increment_id)}`;
  },
};
