import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import type { OrderOutcome, PlacedOrder } from '../../../worker/api-types.ts';
import { formatPrice } from '../../../domain/money.ts';
import { t } from './checkout-texts.ts';
import { useAsync } from '../../lib/use-async.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyPage } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { goToPayment, PAYMENT_UNREACHABLE } from './use-placed-order.ts';
import { notify } from '../../lib/notifications.ts';
import { RepricedOrder } from './repriced-order.tsx';
import { useTrackPurchase } from '../../lib/analytics/events.ts';

/** "Try again" after a failed or cancelled payment: the order's lines back in the cart, then the checkout. */
function RetryButton({ incrementId }: { incrementId: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await shop().restoreCartFromOrder(incrementId);
          setBusy(false);
          if (result.ok) void navigate({ to: '/checkout' });
          else setError(result.messageKey ?? 'Order not found.');
        }}
      >
        {t('Try again')}
      </Button>
      {error ? <p className="field-error">{t(error)}</p> : null}
    </>
  );
}

/** "Nu betalen": busy while the payment page is asked, and a message when it cannot be reached (goToPayment). */
function PayNowButton({ url }: { url: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        if (await goToPayment(url)) return;
        setBusy(false);
        notify({ type: 'danger', message: PAYMENT_UNREACHABLE });
      }}
    >
      {t('Pay now')}
    </Button>
  );
}

/** What the server says of the order, in words true to its state; the e-mail is promised only for a paid order. */
function ServerOutcome({ outcome }: { outcome: OrderOutcome }) {
  const number = outcome.increment_id;
  useTrackPurchase(outcome);
  if (outcome.payment === 'paid') {
    return (
      <EmptyPage
        title={t('Thank you for your order!')}
        text={t('Your order number is {orderId}. You will receive a confirmation by e-mail.', { orderId: number })}
        linkLabel={t('Continue shopping')}
      >
        <p>{t('Paid: {amount}', { amount: formatPrice(outcome.grandTotal) })}</p>
      </EmptyPage>
    );
  }
  if (outcome.payment === 'pending' && outcome.redirect_url) {
    const url = outcome.redirect_url;
    return (
      <EmptyPage
        title={t('Your payment is not complete yet')}
        text={t('Order {orderId} is waiting for its payment of {amount}.', {
          orderId: number,
          amount: formatPrice(outcome.toPay),
        })}
      >
        <PayNowButton url={url} />
      </EmptyPage>
    );
  }
  return (
    <EmptyPage
      title={t('Payment failed')}
      text={t('Order {orderId} has been cancelled and nothing has been charged.', { orderId: number })}
      linkLabel={outcome.local ? undefined : t('Continue shopping')}
    >
      {outcome.local ? <RetryButton incrementId={number} /> : null}
    </EmptyPage>
  );
}

/** How long the server's answer is waited for before the device's own answer of the order shows. */
const UNREAD_AFTER_MS = 1_000;

/**
 * The order's state from the server by its number (the payment page's return), read with the device's order id.
 * `unread` shows when the server could not be asked (offline), and while it has not answered after UNREAD_AFTER_MS.
 */
function ServerOrder({ incrementId, unread }: { incrementId: string; unread?: ReactNode }) {
  const online = useOnline();
  const outcome = useAsync(`${incrementId}:${online}`, () => shop().orderOutcome(incrementId));
  // a server that never answers takes the client's 5 s: the device's own answer shows meanwhile (after a payment page
  // that could not be reached, those 5 s came on top of its own)
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), UNREAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    // spec 000 §2 checkout-return mode: a server cart that is gone is replaced by a new one
    void shop().checkoutReturn();
  }, []);
  if (outcome.status === 'loading') return waited && unread ? unread : <Loader />;
  if (!outcome.data) {
    if (unread) return unread;
    return (
      <EmptyPage
        title={t('Order not found.')}
        text={online ? undefined : t('You are offline. Please try again when you are online.')}
        linkLabel={t('Continue shopping')}
      />
    );
  }
  return <ServerOutcome outcome={outcome.data} />;
}

/**
 * The confirmation of the order this device placed last, before the payment page: waiting offline ('Order waiting!'),
 * being sent, or placed with the server's number and the way to pay. On this page a waiting order is sent as soon as
 * the device is online (spec 000 §4 "Offline": automatically on the thank-you page).
 */
function DeviceOrder({ order }: { order: PlacedOrder }) {
  const online = useOnline();
  useEffect(() => {
    if (online && order.state === 'waiting') void shop().sendWaitingOrders();
  }, [online, order.state]);
  if (order.state === 'placed' && order.increment_id && order.redirect_url) {
    const url = order.redirect_url;
    // the server knows whether it has been paid since; this device's answer is what shows offline
    return (
      <ServerOrder
        incrementId={order.increment_id}
        unread={
          <EmptyPage
            title={t('Your order has been placed')}
            text={t('Your order number is {orderId}. Complete the payment to finish your order.', {
              orderId: order.increment_id,
            })}
          >
            <PayNowButton url={url} />
          </EmptyPage>
        }
      />
    );
  }
  if (order.state === 'expired') {
    return (
      <EmptyPage
        title={t('Your order has not been sent')}
        text={t('Your order waited too long and has not been sent. Its products are back in your cart.')}
        linkTo="/winkelwagen/"
        linkLabel={t('Back to cart')}
      />
    );
  }
  if (order.state === 'repriced' && order.repricing) return <RepricedOrder order={order} repricing={order.repricing} />;
  if (order.state === 'rejected') {
    return (
      <EmptyPage
        title={t('Error placing an order; something went wrong with the order.')}
        text={order.rejection ? t(order.rejection.message) : undefined}
        linkTo="/checkout"
        linkLabel={t('Back to checkout')}
      />
    );
  }
  return (
    <EmptyPage
      title={t('Your order is waiting')}
      text={online ? t('Sending your order…') : t(order.notice ?? 'Order waiting!')}
      linkLabel={t('Continue shopping')}
    >
      <p role="status">{t('Nothing has been charged yet.')}</p>
    </EmptyPage>
  );
}

/** `/checkout-return/`: the payment's return (`?order=` the server's number), or this device's last order. */
export function CheckoutReturnPage() {
  const { order } = useSearch({ strict: false }) as { order?: string };
  const orders = useLiveQuery({ name: 'orders' });
  useDocumentTitle(t('Order confirmation'));
  if (order) return <ServerOrder incrementId={String(order)} />;
  if (!orders) return <Loader />;
  if (!orders[0]) return <EmptyPage title={t('Order not found.')} linkLabel={t('Continue shopping')} />;
  return <DeviceOrder order={orders[0]} />;
}

/** `/checkout-failed/?order=`: the payment was cancelled or failed; the server's state, and "try again". */
export function CheckoutFailedPage() {
  const { order } = useSearch({ strict: false }) as { order?: string };
  useDocumentTitle(t('Payment failed'));
  if (!order) return <EmptyPage title={t('Payment failed')} linkTo="/winkelwagen/" linkLabel={t('Back to cart')} />;
  return <ServerOrder incrementId={String(order)} />;
}
