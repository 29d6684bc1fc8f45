import { useEffect, useState } from 'react';
import type { OutboxOrder } from '../../../worker/api-types.ts';
import { formatPrice } from '../../../domain/money.ts';
import { t } from './account-texts.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { shop } from '../../lib/shop.ts';
import { useCommand } from '../../lib/use-command.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { AccountLayout } from './account-layout.tsx';

const MINUTE = 60_000;

/** How long an order has waited, in the largest whole unit that fits ("12 minuten", "3 uur", "2 dagen"). */
export function waitedFor(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 60) return t(minutes === 1 ? '{count} minute' : '{count} minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('{count} hours', { count: hours });
  const days = Math.floor(hours / 24);
  return t(days === 1 ? '{count} day' : '{count} days', { count: days });
}

/** What will happen to the order, in the shopper's words. */
const NEXT: Record<OutboxOrder['state'], Parameters<typeof t>[0]> = {
  waiting: 'Will be sent as soon as you are online',
  sending: 'Will be sent as soon as you are online',
  repriced: 'Waiting for your confirmation',
  expired: 'Your order waited too long and has not been sent. Its products are back in your cart.',
};

function OutboxEntry({ order, now }: { order: OutboxOrder; now: number }) {
  const cancel = useCommand(() => shop().cancelOrder(order.order_id));
  return (
    <li className="outbox-order" data-order={order.order_id} data-state={order.state}>
      <ul className="outbox-lines">
        {order.lines.map((line, i) => (
          <li key={`${line.sku}-${i}`} data-sku={line.sku}>
            {line.qty} × {line.name}
          </li>
        ))}
      </ul>
      {order.grandTotal !== null ? (
        <p>
          {t('Total')}: <strong>{formatPrice(order.grandTotal)}</strong>
        </p>
      ) : null}
      <p className="muted outbox-age">{t('Waiting for {age}', { age: waitedFor(now - order.created_at) })}</p>
      <p className={order.state === 'expired' ? 'field-error' : 'outbox-next'} role="status">
        {t(NEXT[order.state])}
      </p>
      {order.state === 'repriced' ? (
        <a className="btn btn-link" href="/checkout-return/">
          {t('See the changes')}
        </a>
      ) : null}
      {order.state !== 'sending' ? (
        <Button variant="secondary" disabled={cancel.pending} onClick={() => void cancel.run()}>
          {t(order.state === 'expired' ? 'Remove' : 'Cancel the order')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * "Wachtende bestellingen": the device's outbox — every order not placed yet with its lines, total, how long it has
 * waited and what will happen to it, and how many other changes wait to be sent. Guests see it too (their orders
 * wait on the device the same way).
 */
export function OutboxPage() {
  const outbox = useLiveQuery({ name: 'outbox' });
  const [now, setNow] = useState(() => Date.now());
  // the list may still change while the check runs (an order shown as waiting turns out expired)
  const [checking, setChecking] = useState(true);
  useEffect(() => {
    // an order that waited past the limit expires now rather than when something next tries to send it
    void shop()
      .expireWaitingOrders()
      .catch(() => undefined)
      .finally(() => setChecking(false));
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return (
    <AccountLayout title={t('Waiting orders')} guestAllowed>
      {!outbox ? (
        <Loader />
      ) : (
        <>
          {outbox.orders.length === 0 ? <p>{t('No orders are waiting to be sent.')}</p> : null}
          <ul className="outbox-orders" aria-busy={checking}>
            {outbox.orders.map((order) => (
              <OutboxEntry key={order.order_id} order={order} now={now} />
            ))}
          </ul>
          {outbox.changes > 0 ? (
            <p className="muted" data-testid="outbox-changes">
              {t('{count} changes to your cart or account wait to be sent.', { count: outbox.changes })}
            </p>
          ) : null}
        </>
      )}
    </AccountLayout>
  );
}
