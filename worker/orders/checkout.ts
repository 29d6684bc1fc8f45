import type { OrderBody, OrderResult } from '../../contract/order.ts';
import { isInCheckout } from '../../domain/checkout-activity.ts';
import { deliveryKind, lacksPointOrStore, parcelCarrierOf } from '../../domain/checkout/delivery.ts';
import { toCents } from '../../domain/money.ts';
import type { SizeSystem } from '../../domain/catalog/size-conversion.ts';
import { VALIDATION_MESSAGES } from '../../domain/validation/messages.ts';
import { KV_KEYS, type OrderDoc } from '../../schemas/index.ts';
import { serverMessage } from '../http/server-message.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope, QueuedModuleDeps, Task } from '../queue/types.ts';
import type { CommandResult } from '../user/api-types.ts';
import type { CheckoutDetails, OrderAgreementInput, OrderOutcome } from './api-types.ts';
import {
  PRODUCTS_UNAVAILABLE,
  SOLD_OUT_IN_CART,
  acceptedAtNewPrices,
  repricingOf,
  withAgreement,
} from './order-repricing.ts';
import { serially } from '../../domain/serially.ts';
import { removeDoc } from '../db/rx-helpers.ts';
import { ORDER_WAITING, isExpired, linesTheCartLacks, ownedBy } from './order-view.ts';

export { ORDER_WAITING };
export const TASK_ORDER = 'order-place';
/** An order placed offline, handed to the queue later: its answer is announced with ORDER_SENT. */
export const TASK_ORDER_WAITING = 'order-place-waiting';
export const ORDER_TASK_KINDS: readonly string[] = [TASK_ORDER, TASK_ORDER_WAITING];
export const ORDER_URL = '/api/order?token={{token}}';
/** Spec 000 §4 "Offline": the notification when an order that waited has been sent and placed. */
export const ORDER_SENT = 'Your order has been sent. Complete the payment to finish it.';
/** Spec 001 §8, on a flying-blue redirect failure (an error with OK). */
export const FLYING_BLUE_FAILED = 'Something went wrong placing the order, please contact customer service.';
const ORDER_NOT_FOUND = 'Order not found.';
/** An order already sent (or being sent) can no longer be cancelled on the device. */
export const ORDER_CANNOT_CANCEL = 'This order has already been sent and can no longer be cancelled here.';

/**
 * Spec 000 §4 "Offline orders are sent automatically when automatic transmission is enabled or on the thank-you
 * page. Otherwise the user is asked to confirm." The spec gives no default; vue-storefront's
 * `orders.offline_orders.automatic_transmission_enabled` is off, and so is ours: the shopper on the waiting
 * confirmation sees it sent at once, anyone elsewhere in the shop is asked first.
 */
export const AUTOMATIC_ORDER_TRANSMISSION = false;

/**
 * How long an order may wait on the device before it is no longer sent (a shop till's limit): after that it expires,
 * the shopper is told and its lines go back to the cart. Configurable per engine (`orderMaxWaitMs`).
 */
export const ORDER_MAX_WAIT_MS = 24 * 60 * 60 * 1000;
/** The notice of an order that waited too long and was not sent. */
export const ORDER_EXPIRED = 'Your order waited too long and has not been sent. Its products are back in your cart.';

export const EMPTY_CHECKOUT: CheckoutDetails = {
  personal: null,
  shippingAddress: null,
  shippingMethod: null,
  paymentMethod: null,
};

export interface CheckoutOptions extends QueuedModuleDeps {
  cartItems: () => Promise<
    Array<{
      sku: string;
      qty: number;
      product_option?: Record<string, unknown> | null;
      product?: { name?: string; size_system?: SizeSystem };
      errors?: Record<string, unknown>;
    }>
  >;
  cartId: () => string | null;
  userId: () => string | number | null;
  /**
   * On success the order's own lines leave the cart, lines added since stay (worker/cart/cart-commands.ts
   * `takeOrdered`; the server closed the order's cart).
   */
  takeOrderedLines: (products: OrderBody['products'], orderCartId: string | null) => Promise<void>;
  /** "Try again" after a failed payment puts the order's lines back through the cart's own add command. */
  addToCart: (line: { sku: string; qty: number; product_option?: Record<string, unknown> }) => Promise<CommandResult>;
  /** Marks the cart's lines of these skus sold out with the given text (a cancelled re-priced order). */
  markSoldOut: (skus: readonly string[]) => Promise<void>;
  automaticTransmission?: boolean;
  /** See ORDER_MAX_WAIT_MS. */
  orderMaxWaitMs?: number;
}

/**
 * Checkout details and order placement (spec 000 §4 "Place order", "Offline"). The order is written on the device
 * with a client `order_id` before anything is sent; the queued POST reuses that id on every retry, and the server
 * answers a repeat with the first result, so an order is placed exactly once however often the answer is lost.
 */
export class Checkout {
  private activity = 0;

  constructor(private readonly o: CheckoutOptions) {
    // one order's failure never holds up another order, the cart or the profile; one queued for a shopper no longer
    // on screen is never sent with another's session: it leaves the queue and waits for its owner (waitingOrders)
    const prepare = async (task: Task) => (ownedBy(task, this.o.userId()) ? { payload: task.payload } : null);
    for (const kind of ORDER_TASK_KINDS)
      o.queue.on(kind, (task, res) => this.onOrderAnswered(task, res), { cacheable: true, lane: 'per-task', prepare });
  }

  get automaticTransmission(): boolean {
    return this.o.automaticTransmission ?? AUTOMATIC_ORDER_TRANSMISSION;
  }

  async details(): Promise<CheckoutDetails> {
    const doc = await this.o.db.kv.findOne(KV_KEYS.personalDetails).exec();
    return { ...EMPTY_CHECKOUT, ...((doc?.toMutableJSON().value as Partial<CheckoutDetails> | undefined) ?? {}) };
  }

  async save(details: Partial<CheckoutDetails>): Promise<void> {
    const next = { ...(await this.details()), ...details };
    this.activity = this.o.now();
    await this.o.db.kv.incrementalUpsert({ key: KV_KEYS.personalDetails, value: next, updated_at: this.activity });
  }

  async clear(): Promise<void> {
    await removeDoc((await this.o.db.kv.findOne(KV_KEYS.personalDetails).exec()) as never);
    this.activity = 0;
  }

  /** Spec 000 §4: the user counts as in checkout if the last modification was within 30 minutes. */
  isInCheckout(): boolean {
    return isInCheckout(this.activity, this.o.now());
  }

  async loadActivity(): Promise<void> {
    const doc = await this.o.db.kv.findOne(KV_KEYS.personalDetails).exec();
    this.activity = doc?.updated_at ?? 0;
  }

  /** The order the checkout's address and methods describe, as shipping-information sends it (spec 000 §7). */
  async addressInformation(): Promise<Record<string, unknown> | null> {
    const d = await this.details();
    if (!d.shippingAddress || !d.shippingMethod) return null;
    return {
      shippingAddress: { ...d.shippingAddress, email: d.personal?.email ?? null },
      billingAddress: null,
      shipping_method_code: d.shippingMethod.method_code,
      shipping_carrier_code: d.shippingMethod.carrier_code,
      payment_method_code: d.paymentMethod?.code ?? null,
    };
  }

  async placeOrder(agreed?: OrderAgreementInput): Promise<CommandResult & { orderId?: string }> {
    // An order of this device still without an answer is the one being placed: a second tap, a reload or a second
    // tab answers it instead of creating another (spec 000 §4 "never twice").
    const unanswered = await this.o.db.orders
      .findOne({ selector: { transmited: false }, sort: [{ created_at: 'desc' }] })
      .exec();
    if (unanswered) return this.placed(unanswered.order_id);
    const details = await this.details();
    const items = await this.o.cartItems();
    if (items.length === 0 || !details.shippingAddress || !details.shippingMethod || !details.paymentMethod) {
      return { ok: false, messageKey: 'Please fill in all required fields' };
    }
    // a line marked 'Out of the stock!' (spec 000 §9 lets it into the cart) cannot be ordered: it must go first
    if (items.some((i) => typeof i.errors?.stock === 'string' && i.errors.stock !== '')) {
      return { ok: false, messageKey: SOLD_OUT_IN_CART };
    }
    const { point, store } = details.shippingMethod;
    const kind = deliveryKind(details.shippingMethod);
    const carrier = parcelCarrierOf(kind);
    // Spec 001 §5 "A service point or store must be selected"; the server refuses such an order too.
    if (lacksPointOrStore(details.shippingMethod)) {
      return { ok: false, messageKey: VALIDATION_MESSAGES.servicePointOrStore };
    }
    const orderId = crypto.randomUUID();
    const body: OrderBody = {
      order_id: orderId,
      cart_id: this.o.cartId(),
      user_id: this.o.userId(),
      email: details.personal?.email ?? null,
      // the name only for the outbox's list of what waits; the server reads its own
      products: items.map((i) => ({
        sku: i.sku,
        qty: i.qty,
        product_option: i.product_option ?? null,
        ...(i.product?.name ? { name: i.product.name } : {}),
        // the order's lines, e-mail and account name the size in the system the cart showed it in
        ...(i.product?.size_system ? { size_system: i.product.size_system } : {}),
      })),
      addressInformation: {
        shippingAddress: { ...details.shippingAddress, email: details.personal?.email ?? null },
        billingAddress: null,
        shipping_method_code: details.shippingMethod.method_code,
        shipping_carrier_code: details.shippingMethod.carrier_code,
        payment_method_code: details.paymentMethod.code,
        payment_method_additional: null,
        shipping_point: carrier && point ? { id: point.id } : null,
        pickup_store: kind === 'store' && store ? { id: store.id } : null,
      },
    };
    const payload = agreed ? withAgreement(body, agreed) : body;
    await this.o.db.orders.insert({
      order_id: orderId,
      payload,
      transmited: false,
      code: null,
      created_at: this.o.now(),
      payload_version: this.o.queue.payloadVersion(TASK_ORDER),
    });
    // Offline the order waits on the device: it is handed to the queue when it may be sent (sendWaitingOrders).
    if (this.o.queue.online) await this.o.queue.enqueue({ kind: TASK_ORDER, url: ORDER_URL, payload, cacheable: true });
    return this.placed(orderId);
  }

  private placed(orderId: string): CommandResult & { orderId: string } {
    return { ok: true, orderId, ...(this.o.queue.online ? {} : { messageKey: ORDER_WAITING }) };
  }

  /** The queue's rows of an order (answered ones stay stored): gone before the order is sent again or dropped. */
  private async forgetTasks(orderId: string): Promise<void> {
    const tasks = await this.o.db.sync_tasks.find({ selector: { kind: { $in: [...ORDER_TASK_KINDS] } } }).exec();
    for (const t of tasks) if ((t.payload as { order_id?: string }).order_id === orderId) await removeDoc(t as never);
  }

  /** See CheckoutApi.placeAtNewPrices. */
  async placeAtNewPrices(orderId: string): Promise<CommandResult> {
    const doc = await this.o.db.orders.findOne(orderId).exec();
    const repricing = doc?.transmited ? repricingOf((doc.result as { meta?: unknown } | null)?.meta) : null;
    if (!doc || !repricing) return { ok: false, messageKey: ORDER_NOT_FOUND };
    const payload = acceptedAtNewPrices(doc.toMutableJSON().payload as OrderBody, repricing);
    if (!payload) return { ok: false, messageKey: PRODUCTS_UNAVAILABLE };
    await this.forgetTasks(orderId);
    const payload_version = this.o.queue.payloadVersion(TASK_ORDER);
    await doc.incrementalPatch({ payload, payload_version, transmited: false, code: null, result: null });
    if (this.o.queue.online) await this.o.queue.enqueue({ kind: TASK_ORDER, url: ORDER_URL, payload, cacheable: true });
    return { ok: true };
  }

  /** See CheckoutApi.cancelOrder. An order already on its way (queued) or placed is not the device's to cancel. */
  async cancelOrder(orderId: string): Promise<CommandResult> {
    const doc = await this.o.db.orders.findOne(orderId).exec();
    if (!doc) return { ok: false, messageKey: ORDER_NOT_FOUND };
    const repricing = doc.transmited ? repricingOf((doc.result as { meta?: unknown } | null)?.meta) : null;
    const expired = isExpired(doc.toMutableJSON() as OrderDoc);
    const queued = !doc.transmited && !(await this.waitingOrders()).some((o) => o.order_id === orderId);
    if ((doc.transmited && !repricing && !expired) || queued) return { ok: false, messageKey: ORDER_CANNOT_CANCEL };
    const body = doc.toMutableJSON().payload as OrderBody;
    await this.forgetTasks(orderId);
    await removeDoc(doc as never);
    await this.linesBackInCart(body);
    const soldOut = repricing?.lines.filter((l) => l.sold_out).map((l) => body.products[l.index]?.sku ?? l.sku) ?? [];
    if (soldOut.length) await this.o.markSoldOut(soldOut);
    return { ok: true };
  }

  /**
   * An order's lines back in the cart through the cart's add command, each as far as the cart lacks it: what the
   * shopper added since stays as it is, and a second call (a second tap, the start and the outbox page) adds nothing.
   */
  private async linesBackInCart(body: OrderBody): Promise<void> {
    for (const line of linesTheCartLacks(body.products, await this.o.cartItems())) await this.o.addToCart(line);
  }

  /** Orders the shopper on screen may send, not yet answered nor in the queue (another customer's wait: ownedBy). */
  async waitingOrders(): Promise<OrderDoc[]> {
    const [docs, tasks] = await Promise.all([
      this.o.db.orders.find({ selector: { transmited: false }, sort: [{ created_at: 'asc' }] }).exec(),
      this.o.db.sync_tasks.find({ selector: { kind: { $in: [...ORDER_TASK_KINDS] } } }).exec(),
    ]);
    const queued = new Set(tasks.map((t) => (t.payload as { order_id?: string }).order_id));
    const owner = this.o.userId();
    return docs.map((d) => d.toMutableJSON() as OrderDoc).filter((d) => !queued.has(d.order_id) && ownedBy(d, owner));
  }

  private readonly oneExpiryAtATime = serially();

  /**
   * Orders that waited on the device longer than the limit are not sent: each is marked expired (kept to tell the
   * shopper), its lines go back into the cart, and the shopper is told. An order already handed to the queue is on
   * its way and is left alone.
   */
  expireWaitingOrders(): Promise<number> {
    // the engine's start and the outbox page both ask, at times at once: each would read the order as waiting and put
    // its lines back in the cart
    return this.oneExpiryAtATime(() => this.expireNow());
  }

  private async expireNow(): Promise<number> {
    const limit = this.o.orderMaxWaitMs ?? ORDER_MAX_WAIT_MS;
    const expired = (await this.waitingOrders()).filter((o) => this.o.now() - o.created_at > limit);
    for (const order of expired) {
      const doc = await this.o.db.orders.findOne(order.order_id).exec();
      await doc?.incrementalPatch({ transmited: true, code: null, result: { expired: true } });
      await this.linesBackInCart(order.payload as OrderBody);
    }
    if (expired.length) this.o.notify({ type: 'warning', messageKey: ORDER_EXPIRED, hasNoTimeout: true });
    return expired.length;
  }

  /** Hands the waiting orders to the queue, each once (an order already queued is not queued again). */
  async sendWaitingOrders(): Promise<void> {
    if (!this.o.queue.online) return;
    await this.expireWaitingOrders();
    for (const order of await this.waitingOrders()) {
      const { payload, payload_version: payloadVersion } = order;
      await this.o.queue.enqueue({
        kind: TASK_ORDER_WAITING,
        url: ORDER_URL,
        payload,
        payloadVersion,
        cacheable: true,
      });
    }
  }

  /** Spec 000 §4 "Offline", on going online: send at once when automatic transmission is on, else ask first. */
  async onOnline(): Promise<void> {
    if (this.automaticTransmission) await this.sendWaitingOrders();
  }

  private async localOrder(incrementId: string): Promise<OrderDoc | null> {
    const docs = await this.o.db.orders.find({ selector: { code: 200 } }).exec();
    const doc = docs.find((d) => (d.result as OrderResult | undefined)?.increment_id === incrementId);
    return doc ? (doc.toMutableJSON() as OrderDoc) : null;
  }

  private async read(url: string): Promise<Envelope | null> {
    try {
      return await this.o.queue.execute({ url });
    } catch (error) {
      if (error instanceof NetworkError) return null;
      throw error;
    }
  }

  /**
   * The server's state of an order: one this device placed is read by its client order_id (the guest's proof that
   * the order is theirs), any other by number with the customer's token — never another customer's.
   */
  async orderOutcome(incrementId: string): Promise<OrderOutcome | null> {
    const local = await this.localOrder(incrementId);
    const url = local
      ? `/api/order/${encodeURIComponent(local.order_id)}`
      : `/api/order/${encodeURIComponent(incrementId)}?token={{token}}`;
    const res = await this.read(url);
    if (!res || res.code !== 200) return null;
    const order = res.result as {
      increment_id: string;
      status: string;
      grand_total: number;
      email: string;
      payment: { status: string; redirect_url: string | null; amount?: number } | null;
    };
    const status = order.payment?.status;
    const grandTotal = toCents(order.grand_total);
    return {
      increment_id: order.increment_id,
      status: order.status,
      payment: status === 'paid' || status === 'pending' || status === 'failed' ? status : 'none',
      grandTotal,
      // what the payment is for: less than the total when a gift card paid part of it
      toPay: typeof order.payment?.amount === 'number' ? toCents(order.payment.amount) : grandTotal,
      email: order.email,
      redirect_url: order.payment?.redirect_url ?? null,
      local: local !== null,
    };
  }

  /** Spec 001 §4 "Flying-blue" / §7 "GET flying-blue redirect URL by {orderId}": reads result.redirect_url. */
  async flyingBlueRedirect(orderId: string): Promise<string | null> {
    const res = await this.read(`/api/ext/shop/flying-blue/redirect/${encodeURIComponent(orderId)}`);
    const url = res?.code === 200 ? (res.result as { redirect_url?: unknown }).redirect_url : null;
    if (typeof url === 'string' && url) return url;
    this.o.notify({ type: 'danger', messageKey: FLYING_BLUE_FAILED, action: { labelKey: 'OK' }, hasNoTimeout: true });
    return null;
  }

  /**
   * "Try again" after a cancelled or failed payment. The server closed the order's cart when it placed the order and
   * does not reopen it for a cancelled payment; so the order's lines go back into the device cart through the cart's
   * add command (on the server cart the device holds now), each as far as the cart lacks it: a second tap adds
   * nothing twice, and lines added since stay.
   */
  async restoreCartFromOrder(incrementId: string): Promise<CommandResult> {
    const order = await this.localOrder(incrementId);
    if (!order) return { ok: false, messageKey: ORDER_NOT_FOUND };
    await this.linesBackInCart(order.payload as OrderBody);
    return { ok: true };
  }

  private async onOrderAnswered(task: Task, res: Envelope): Promise<void> {
    const orderId = (task.payload as { order_id: string }).order_id;
    const doc = await this.o.db.orders.findOne(orderId).exec();
    const placedBefore = doc?.code === 200;
    const placed = res.code === 200;
    // a rejected order keeps the server's message and meta, for the step it concerns
    const result = placed ? (res.result ?? null) : { message: serverMessage(res), meta: res.meta ?? null };
    await doc?.incrementalPatch({ transmited: true, result, code: res.code });
    // the placed order's own document (its created_at, code 200) is the spec's stored order timestamp
    if (!placed) return;
    const { products, cart_id } = task.payload as OrderBody;
    if (!placedBefore) await this.o.takeOrderedLines(products, cart_id ?? null);
    const details = await this.details();
    if (details.personal) {
      const personal = { ...details.personal } as Record<string, unknown>;
      delete personal.password;
      delete personal.createAccount;
      await this.save({ personal: personal as CheckoutDetails['personal'] });
    }
    if (task.kind === TASK_ORDER_WAITING) this.o.notify({ type: 'success', messageKey: ORDER_SENT });
  }
}
