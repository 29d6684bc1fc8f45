import type { OrderBody, OrderResult } from '../../contract/order.ts';
import type { OrderDoc } from '../../schemas/index.ts';
import { serverMessage } from '../http/server-message.ts';
import type { CheckoutStep, Outbox, OutboxOrder, PlacedOrder } from './api-types.ts';
import { toCents } from '../../domain/money.ts';
import { isSameCartItem } from '../../domain/cart/item-identity.ts';
import type { CartLine } from '../../domain/cart/types.ts';
import { repricingOf, repricingView } from './order-repricing.ts';
import { isPayloadTooOld } from '../../domain/payload-version.ts';

/** Spec 000 §4 "Offline": the notice an order not yet sent carries. */
export const ORDER_WAITING = 'Order waiting!';

/**
 * The step a rejected order's message belongs on, from what the server names: a product (meta.sku) on the summary
 * beside the lines; the shipping or payment method, the e-mail, or a field of the address on their own step.
 */
export function rejectionStep(message: string, meta: Record<string, unknown> | undefined): CheckoutStep {
  if (meta && 'sku' in meta) return 'summary';
  const m = message.toLowerCase();
  if (m.includes('shipping_method') || m.includes('shipping_carrier') || m.includes('verzendmethode'))
    return 'shipping';
  if (m.includes('payment_method') || m.includes('betaalmethode')) return 'payment';
  if (m.includes('email') || m.includes('e-mail')) return 'personal';
  if (m.includes('address')) return 'address';
  return 'summary';
}

/**
 * What of an order's lines the cart lacks, per line identity: each line's quantity less what the cart holds of it
 * (Checkout.linesBackInCart), so lines added since stay as they are and asking twice adds nothing.
 */
export function linesTheCartLacks(
  products: OrderBody['products'],
  items: ReadonlyArray<{ sku: string; qty: number; product_option?: Record<string, unknown> | null }>,
): Array<{ sku: string; qty: number; product_option?: Record<string, unknown> }> {
  const lacking = [];
  for (const p of products) {
    const option = (p.product_option ?? undefined) as Record<string, unknown> | undefined;
    const line: CartLine = { sku: p.sku, qty: p.qty, product_option: option ?? null };
    const held = items.filter((i) => isSameCartItem(i as CartLine, line)).reduce((n, i) => n + i.qty, 0);
    if (held < p.qty) lacking.push({ sku: p.sku, qty: p.qty - held, ...(option ? { product_option: option } : {}) });
  }
  return lacking;
}

/** An order that waited longer than the limit and was not sent (Checkout.expireWaitingOrders). */
export function isExpired(doc: OrderDoc): boolean {
  return doc.transmited && doc.code == null && (doc.result as { expired?: unknown } | null)?.expired === true;
}

/** A waiting order refused as placed with a version of the shop too old (docs/api.md "Payload versions"). */
export const ORDER_PAYLOAD_TOO_OLD =
  'This order was placed with an older version of the shop and could not be sent. Please place it again.';

/** A rejected order keeps the server's message and meta as its `result` (checkout.ts). */
function rejectionOf(doc: OrderDoc): PlacedOrder['rejection'] {
  const stored = (doc.result ?? {}) as { message?: unknown; meta?: Record<string, unknown> | null };
  if (isPayloadTooOld({ code: doc.code ?? 0, meta: stored.meta ?? undefined }))
    return { message: ORDER_PAYLOAD_TOO_OLD, step: 'summary' };
  const message =
    serverMessage({ code: doc.code ?? 0, result: stored }) ??
    'Error placing an order; something went wrong with the order.';
  return { message, step: rejectionStep(message, stored.meta ?? undefined) };
}

/**
 * Whether the shopper on screen may see and send an order (docs/checkout-and-orders.md "A shared device"): a logged-in
 * customer only their own (another's sent with their token would be booked on their account); a guest on screen
 * every order of the device, an account's sent as a guest order of its e-mail (the logout rule). `customerId` is the
 * session's (Session.customerId: null without a login).
 */
export function ownedBy(doc: { payload?: unknown }, customerId: string | number | null): boolean {
  if (customerId === null) return true;
  const owner = (doc.payload as { user_id?: string | number | null } | undefined)?.user_id ?? null;
  return owner !== null && String(owner) === String(customerId);
}

/**
 * One device order as the app sees it; `queued` tells a waiting order from one handed to the queue, `sendFailed` an
 * order whose send found no server.
 */
export function placedOrderView(doc: OrderDoc, queued: boolean, sendFailed = false): PlacedOrder {
  const placed = doc.transmited && doc.code === 200;
  const result = placed ? (doc.result as OrderResult) : null;
  const expired = isExpired(doc);
  const answered = doc.transmited && !placed && !expired;
  const repricing = answered ? repricingOf((doc.result as { meta?: unknown } | null)?.meta) : null;
  const rejected = answered && !repricing;
  const payload = doc.payload as { addressInformation?: { payment_method_code?: string } };
  return {
    order_id: doc.order_id,
    state: placed
      ? 'placed'
      : expired
        ? 'expired'
        : repricing
          ? 'repriced'
          : rejected
            ? 'rejected'
            : queued
              ? 'sending'
              : 'waiting',
    transmited: doc.transmited,
    created_at: doc.created_at,
    increment_id: result?.increment_id ?? null,
    redirect_url: result?.payment.redirect_url ?? null,
    payment_method: payload.addressInformation?.payment_method_code ?? '',
    rejection: rejected ? rejectionOf(doc) : null,
    repricing: repricing ? repricingView(repricing, doc.payload as OrderBody) : null,
    code: doc.code ?? null,
    notice: doc.transmited ? null : ORDER_WAITING,
    send_failed: !doc.transmited && sendFailed,
  };
}

/** The device's orders that are not placed (waiting, on their way, re-priced, expired) with what they hold. */
export function outboxOf(docs: OrderDoc[], queued: ReadonlySet<string | undefined>, changes: number): Outbox {
  const orders: OutboxOrder[] = [];
  for (const doc of docs) {
    const { state } = placedOrderView(doc, queued.has(doc.order_id));
    if (state !== 'waiting' && state !== 'sending' && state !== 'repriced' && state !== 'expired') continue;
    const body = doc.payload as {
      agreed?: OrderBody['agreed'];
      products?: { sku: string; qty: number; name?: unknown }[];
    };
    orders.push({
      order_id: doc.order_id,
      state,
      created_at: doc.created_at,
      lines: (body.products ?? []).map((p) => ({
        sku: p.sku,
        qty: p.qty,
        name: typeof p.name === 'string' ? p.name : p.sku,
      })),
      grandTotal: body.agreed ? toCents(body.agreed.grand_total) : null,
    });
  }
  return { orders, changes };
}
