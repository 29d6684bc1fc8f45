import { combineLatest, distinctUntilChanged, map, shareReplay, startWith } from 'rxjs';
import type { RxDocument } from 'rxdb';
import { KV_KEYS, type OrderDoc, type SyncTaskDoc } from '../../schemas/index.ts';
import type { WorkerContext } from '../context.ts';
import type { ContextEngine } from '../context-engine.ts';
import type { CheckoutApi, CheckoutDetails } from './api-types.ts';
import { EMPTY_CHECKOUT, ORDER_TASK_KINDS } from './checkout.ts';
import { outboxOf, ownedBy, placedOrderView, rejectionStep } from './order-view.ts';
import type { UserStateValue } from '../user/user-state.ts';
import { lookupAddress } from './address-lookup.ts';
import { DeliveryOptions, offlineShippingMethods } from './delivery.ts';
import { offlinePaymentMethods } from './payment-methods.ts';

/** The checkout area (spec 000 §4 "Place order", "Offline"; spec 001 §4 "Flying-blue"). */
export function checkoutApi(ctx: WorkerContext, { engine, started }: ContextEngine): CheckoutApi {
  ctx.live.register('checkout', () =>
    ctx.db.kv.findOne(KV_KEYS.personalDetails).$.pipe(
      map((doc): CheckoutDetails => ({
        ...EMPTY_CHECKOUT,
        ...((doc?.toMutableJSON().value as Partial<CheckoutDetails> | undefined) ?? {}),
      })),
    ),
  );
  const failedBefore = (task: SyncTaskDoc) =>
    task.attempts > 1 || (task.attempts > 0 && !engine.queue.isRunning(task.task_id));
  const orderIdOf = (task: SyncTaskDoc) => (task.payload as { order_id?: string }).order_id;
  // the orders the shopper on screen may see: a logged-in customer's own, a guest every order of the device
  // (docs/checkout-and-orders.md "A shared device")
  const owner$ = ctx.db.kv.findOne(KV_KEYS.user).$.pipe(
    map((doc) => {
      const state = doc?.toMutableJSON().value as Partial<UserStateValue> | undefined;
      return state?.token ? (state.current?.id ?? null) : null;
    }),
    distinctUntilChanged(),
  );
  const own = (docs: RxDocument<OrderDoc>[], owner: string | number | null) =>
    docs.map((d) => d.toMutableJSON() as OrderDoc).filter((d) => ownedBy(d, owner));
  const orders$ = () =>
    combineLatest([
      ctx.db.orders.find({ sort: [{ created_at: 'desc' }] }).$,
      ctx.db.sync_tasks.find({ selector: { kind: { $in: [...ORDER_TASK_KINDS] } } }).$,
      // a send that found no server changes no row: its end is what tells the checkout to stop waiting for an answer
      engine.queue.sendEnded.pipe(startWith(undefined)),
      owner$,
    ]).pipe(
      map(([docs, tasks, , owner]) => {
        const queued = new Set(tasks.map(orderIdOf));
        const failed = new Set(tasks.filter(failedBefore).map(orderIdOf));
        return own(docs, owner).map((doc) => placedOrderView(doc, queued.has(doc.order_id), failed.has(doc.order_id)));
      }),
    );
  ctx.live.register('orders', orders$);
  // one pipeline for every page that watches it (the header, the outbox page, the page's Background Sync); most task
  // changes (a cart line on its way while online) leave the outbox as it was, and a page hears only changes (core's
  // `changesOnly`)
  const outbox$ = combineLatest([
    ctx.db.orders.find({ sort: [{ created_at: 'asc' }] }).$,
    ctx.db.sync_tasks.find({ selector: { transmited: false } }).$,
    ctx.online,
    engine.queue.sendEnded.pipe(startWith(undefined)),
    owner$,
  ]).pipe(
    map(([docs, pending, online, , owner]) => {
      const queued = new Set(
        pending
          .filter((t) => ORDER_TASK_KINDS.includes(t.kind))
          .map((t) => (t.payload as { order_id?: string }).order_id),
      );
      return outboxOf(
        own(docs, owner),
        queued,
        // a shopper's change waits when it cannot go (offline) or went and failed; one on its first way (a few ms
        // online: its attempt is counted before it is sent) or the queue's own bookkeeping (silent tasks) is not worth
        // a word in the header, which drew the indicator and took it away again with every cart change
        pending.filter((t) => !ORDER_TASK_KINDS.includes(t.kind) && !t.silent && (!online || failedBefore(t))).length,
      );
    }),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  ctx.live.register('outbox', () => outbox$);
  ctx.live.register('ordersToConfirm', () =>
    orders$().pipe(
      map((orders) => (engine.checkout.automaticTransmission ? 0 : orders.filter((o) => o.state === 'waiting').length)),
    ),
  );
  const ready = async () => {
    await started;
    return engine;
  };
  const delivery = new DeliveryOptions(ctx);
  return {
    saveCheckoutDetails: async (details) => (await ready()).checkout.save(details),
    collectCheckoutTotals: async () => {
      const e = await ready();
      const info = await e.checkout.addressInformation();
      if (!info) return { ok: false };
      const result = await e.totals.collectTotals(info);
      return result.messageKey ? { ...result, step: rejectionStep(result.messageKey, undefined) } : result;
    },
    placeOrder: async (agreed) => {
      const e = await ready();
      if (!(await e.session.guard())) return { ok: false };
      return e.checkout.placeOrder(agreed);
    },
    placeAtNewPrices: async (orderId) => (await ready()).checkout.placeAtNewPrices(orderId),
    cancelOrder: async (orderId) => (await ready()).checkout.cancelOrder(orderId),
    expireWaitingOrders: async () => (await ready()).checkout.expireWaitingOrders(),
    sendWaitingOrders: async () => (await ready()).checkout.sendWaitingOrders(),
    orderOutcome: async (incrementId) => (await ready()).checkout.orderOutcome(incrementId),
    flyingBlueRedirect: async (orderId) => (await ready()).checkout.flyingBlueRedirect(orderId),
    restoreCartFromOrder: async (incrementId) => (await ready()).checkout.restoreCartFromOrder(incrementId),
    checkoutReturn: async () => (await ready()).checkoutReturn(),
    deliveryMethods: async (country) => {
      const methods = await (await ready()).totals.syncShippingMethods({ country_id: country });
      return methods.length ? methods : offlineShippingMethods(country);
    },
    paymentMethods: async (country) => {
      const methods = await (await ready()).totals.syncPaymentMethods(country);
      return methods.length ? methods : offlinePaymentMethods(country);
    },
    loadParcelShops: (carrier, country, zipCode) => delivery.parcelShops(carrier, country, zipCode),
    loadPickupStores: (country) => delivery.pickupStores(country),
    lookupAddress: (country, postcode, houseNumber) => lookupAddress(ctx, country, postcode, houseNumber),
  };
}
