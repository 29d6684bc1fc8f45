import type { Queryable } from '../db/index.ts';
import { formatPrice } from '../../domain/money.ts';

interface OrderForMail {
  email: string;
  increment_id: string;
  shipping_cents: number;
  discount_cents: number;
  grand_total_cents: number;
  coupon_code: string | null;
}

/**
 * The order's mails, queued in the outbox in the transaction that settles its payment: "Bedankt voor je bestelling!"
 * once it is paid (not at placement: an order never paid or cancelled got a thank-you), and a cancellation mail once
 * it is cancelled (docs/checkout-and-orders.md "E-mails").
 */
export async function queueOrderMail(db: Queryable, orderPk: number, outcome: 'paid' | 'cancelled'): Promise<void> {
  const { rows } = await db.query<OrderForMail>(
    `select email, increment_id, shipping_cents, discount_cents, grand_total_cents, coupon_code
       from orders where id = $1`,
    [orderPk],
  );
  const order = rows[0];
  if (!order) return;
  const { rows: items } = await db.query<{
    sku: string;
    name: string;
    qty: number;
    row_total_cents: number;
    product_option: unknown;
  }>('select sku, name, qty, row_total_cents, product_option from order_items where order_pk = $1 order by id', [
    orderPk,
  ]);
  const lines = items.map((l) => {
    const options = ((l.product_option as { options?: { label: string; value: string }[] } | null)?.options ?? [])
      .map((o) => `${o.label} ${o.value}`)
      .join(', ');
    return `${l.qty} × ${l.name}${options ? ` (${options})` : ''}: ${formatPrice(l.row_total_cents)}`;
  });
  const body =
    outcome === 'paid'
      ? [
          'Bedankt voor je bestelling!',
          `Bestelnummer: ${order.increment_id}`,
          ...lines,
          ...(order.discount_cents
            ? [`Korting${order.coupon_code ? ` (${order.coupon_code})` : ''}: -${formatPrice(order.discount_cents)}`]
            : []),
          `Verzendkosten: ${order.shipping_cents ? formatPrice(order.shipping_cents) : 'Gratis'}`,
          `Totaal: ${formatPrice(order.grand_total_cents)}`,
        ]
      : [
          'Je bestelling is geannuleerd.',
          `Bestelnummer: ${order.increment_id}`,
          ...lines,
          'De betaling is niet voltooid; er is niets afgeschreven. Een cadeaukaart krijgt het bedrag terug.',
        ];
  await db.query('insert into outbox_emails (to_address, subject, body) values ($1, $2, $3)', [
    order.email,
    outcome === 'paid'
      ? `Je bestelling ${order.increment_id} bij OFM`
      : `Je bestelling ${order.increment_id} bij OFM is geannuleerd`,
    body.join('\n'),
  ]);
}
