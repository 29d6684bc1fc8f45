import { map } from 'rxjs';
import { KV_KEYS } from '../../schemas/index.ts';
import type { WorkerContext } from '../context.ts';
import type { ContextEngine } from '../context-engine.ts';
import type { CheckoutApi, CheckoutDetails, PlacedOrder } from './api-types.ts';
import { EMPTY_CHECKOUT, ORDER_WAITING } from './checkout.ts';
import { DeliveryOptions, offlineShippingMethods } from './delivery.ts';

/** The checkout area (spec 000 §4 "Place order", "Offline"). */
export function checkoutApi(ctx: WorkerContext, { engine, started }: ContextEngine): CheckoutApi {
  ctx.live.register('checkout', () =>
    ctx.db.kv.findOne(KV_KEYS.personalDetails).$.pipe(
      map((doc): CheckoutDetails => ({
        ...EMPTY_CHECKOUT,
        ...((doc?.toMutableJSON().value as Partial<CheckoutDetails> | undefined) ?? {}),
      })),
    ),
  );
  ctx.live.register('orders', () =>
    ctx.db.orders.find({ sort: [{ created_at: 'desc' }] }).$.pipe(
      map((docs): PlacedOrder[] =>
        docs
          .map((doc) => doc.toMutableJSON())
          .map((d) => ({
            order_id: d.order_id,
            transmited: d.transmited,
            created_at: d.created_at,
            result: d.result,
            code: d.code ?? null,
            notice: d.transmited ? null : ORDER_WAITING,
          })),
      ),
    ),
  );
  const ready = async () => {
    await started;
    return engine;
  };
  const delivery = new DeliveryOptions(ctx);
  return {
    saveCheckoutDetails: async (details) => (await ready()).checkout.save(details),
    placeOrder: async () => {
      const e = await ready();
      if (!(await e.session.guard())) return { ok: false };
      return e.checkout.placeOrder();
    },
    deliveryMethods: async (country) => {
      const methods = await (await ready()).totals.syncShippingMethods({ country_id: country });
      return methods.length ? methods : offlineShippingMethods(country);
    },
    loadParcelShops: (carrier, country, zipCode) => delivery.parcelShops(carrier, country, zipCode),
    loadPickupStores: (country) => delivery.pickupStores(country),
  };
}
