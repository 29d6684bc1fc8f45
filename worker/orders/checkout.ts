import type { OrderBody } from '../../contract/order.ts';
import { isInCheckout } from '../../domain/checkout-activity.ts';
import { deliveryKind, lacksPointOrStore, parcelCarrierOf } from '../../domain/checkout/delivery.ts';
import { VALIDATION_MESSAGES } from '../../domain/validation/messages.ts';
import { KV_KEYS, type ShopDatabase } from '../../schemas/index.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import type { Envelope, Notify, Task } from '../queue/types.ts';
import type { CommandResult } from '../user/api-types.ts';
import type { CheckoutDetails } from './api-types.ts';
import { removeDoc } from '../db/rx-helpers.ts';

export const TASK_ORDER = 'order-place';
export const ORDER_URL = '/api/order?token={{token}}';
/** Spec 000 §4 "Offline": the notice an order not yet sent carries. */
export const ORDER_WAITING = 'Order waiting!';
const LAST_ORDER_KEY = 'last-order';

export const EMPTY_CHECKOUT: CheckoutDetails = {
  personal: null,
  shippingAddress: null,
  shippingMethod: null,
  paymentMethod: null,
};

export interface CheckoutOptions {
  db: ShopDatabase;
  queue: TaskQueue;
  notify: Notify;
  now: () => number;
  cartItems: () => Promise<Array<{ sku: string; qty: number; product_option?: Record<string, unknown> | null }>>;
  cartId: () => string | null;
  userId: () => string | number | null;
  /** On success the cart is cleared without sync (and the server cart forgotten: the server closed it). */
  clearCartWithoutSync: () => Promise<void>;
}

/**
 * Checkout details and order placement (spec 000 §4 "Place order", "Offline"). The order is written on the device
 * with a client `order_id` before anything is sent; the queued POST reuses that id on every retry, and the server
 * answers a repeat with the first result, so an order is placed exactly once however often the answer is lost.
 */
export class Checkout {
  private activity = 0;

  constructor(private readonly o: CheckoutOptions) {
    // one order's failure never holds up another order, the cart or the profile
    o.queue.on(TASK_ORDER, (task, res) => this.onOrderAnswered(task, res), { cacheable: true, lane: 'per-task' });
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

  async placeOrder(): Promise<CommandResult & { orderId?: string }> {
    const details = await this.details();
    const items = await this.o.cartItems();
    if (items.length === 0 || !details.shippingAddress || !details.shippingMethod || !details.paymentMethod) {
      return { ok: false, messageKey: 'Please fill in all required fields' };
    }
    const { point, store } = details.shippingMethod;
    const kind = deliveryKind(details.shippingMethod);
    const carrier = parcelCarrierOf(kind);
    // Spec 001 §5 "A service point or store must be selected"; the server refuses such an order too.
    if (lacksPointOrStore(details.shippingMethod)) {
      return { ok: false, messageKey: VALIDATION_MESSAGES.servicePointOrStore };
    }
    const orderId = crypto.randomUUID();
    const payload: OrderBody = {
      order_id: orderId,
      cart_id: this.o.cartId(),
      user_id: this.o.userId(),
      email: details.personal?.email ?? null,
      products: items.map((i) => ({ sku: i.sku, qty: i.qty, product_option: i.product_option ?? null })),
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
    await this.o.db.orders.insert({
      order_id: orderId,
      payload,
      transmited: false,
      code: null,
      created_at: this.o.now(),
    });
    await this.o.queue.enqueue({ kind: TASK_ORDER, url: ORDER_URL, payload, cacheable: true });
    return { ok: true, orderId, ...(this.o.queue.online ? {} : { messageKey: ORDER_WAITING }) };
  }

  private async onOrderAnswered(task: Task, res: Envelope): Promise<void> {
    const orderId = (task.payload as { order_id: string }).order_id;
    const doc = await this.o.db.orders.findOne(orderId).exec();
    await doc?.incrementalPatch({ transmited: true, result: res.result ?? null, code: res.code });
    if (res.code !== 200) return;
    await this.o.db.kv.incrementalUpsert({
      key: LAST_ORDER_KEY,
      value: { order_id: orderId, at: this.o.now() },
      updated_at: this.o.now(),
    });
    await this.o.clearCartWithoutSync();
    const details = await this.details();
    if (details.personal) {
      const personal = { ...details.personal } as Record<string, unknown>;
      delete personal.password;
      delete personal.createAccount;
      await this.save({ personal: personal as CheckoutDetails['personal'] });
    }
  }
}
