import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PlacedOrder } from '../../../worker/api-types.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';

/** Spec 001 §4 "Flying-blue": a payment method starting with this is paid through the airline's redirect. */
export const FLYING_BLUE_PREFIX = 'flying_blue_payment';
/**
 * The longest the checkout waits for the server's answer before the confirmation page tells the shopper the order
 * waits (DESIGN.md budget: 8 s when the server accepts and never answers). A send that found no server (refused,
 * dropped, the client's 5 s time-out) says so at once through `send_failed`; this is the net under it.
 */
const ANSWER_WAIT_MS = 7_000;

/** How long the payment page may take to answer before the shopper is told it cannot be reached: the client's 5 s. */
const PAYMENT_PAGE_WAIT_MS = 5_000;
/** What the shopper reads when the payment page cannot be reached (the offline text every server action shows). */
export const PAYMENT_UNREACHABLE = 'You are offline. Please try again when you are online.';

/**
 * Leaves the app for the payment page (a server page, not a route of the app); false when it cannot be reached. A page
 * of the shop's own origin is asked first (HEAD, at most PAYMENT_PAGE_WAIT_MS): leaving for it while the server
 * refuses shows the browser's own error page, and while it never answers a spinner that stays.
 */
export async function goToPayment(url: string): Promise<boolean> {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin) {
    try {
      await fetch(target, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(PAYMENT_PAGE_WAIT_MS) });
    } catch {
      return false;
    }
  }
  window.location.assign(url);
  return true;
}

/**
 * Follows the order just placed until the server answered it: placed → the payment page (Flying Blue: 'Processing
 * payment...' while its redirect is fetched by order id); rejected → the checkout shows the message on its step.
 */
export function usePlacedOrder({ onRejected }: { onRejected: (r: NonNullable<PlacedOrder['rejection']>) => void }) {
  const navigate = useNavigate();
  const orders = useLiveQuery({ name: 'orders' });
  const [orderId, follow] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const order = orderId ? orders?.find((o) => o.order_id === orderId) : undefined;

  useEffect(() => {
    if (!order) return;
    if (order.state === 'sending' && order.send_failed) {
      // the server cannot be reached: the order waits on the device, and the shopper is told so now
      follow(null);
      void navigate({ to: '/checkout-return/' });
      return;
    }
    if (order.state === 'rejected' && order.rejection) {
      follow(null);
      onRejected(order.rejection);
      return;
    }
    // spec 001 §8: the prices changed while the shopper was in the checkout; the confirmation shows the differences
    if (order.state === 'repriced') {
      follow(null);
      void navigate({ to: '/checkout-return/' });
      return;
    }
    if (order.state !== 'placed') return;
    // the confirmation offers the order's own payment link when the way to the payment page fails
    const toConfirmation = () => {
      setProgress(null);
      void navigate({ to: '/checkout-return/' });
    };
    const leaveFor = (url: string) =>
      void goToPayment(url).then((left) => {
        if (left) return;
        notify({ type: 'danger', message: PAYMENT_UNREACHABLE });
        toConfirmation();
      });
    if (order.payment_method.startsWith(FLYING_BLUE_PREFIX)) {
      setProgress('Processing payment...');
      // without a url the worker showed the spec's error with OK
      void shop()
        .flyingBlueRedirect(order.order_id)
        .then((url) => (url ? leaveFor(url) : toConfirmation()));
      return;
    }
    setProgress('Going to the payment page…');
    if (order.redirect_url) leaveFor(order.redirect_url);
    // the state and whether its send found a server are all this effect reacts to
  }, [order?.state, order?.send_failed]);

  useEffect(() => {
    if (!orderId) return;
    const timer = setTimeout(() => void navigate({ to: '/checkout-return/' }), ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [orderId]);

  return { follow, progress };
}
