import { map } from 'rxjs';
import { KV_KEYS } from '../../schemas/index.ts';
import type { WorkerContext } from '../context.ts';
import type { CheckoutApi, CheckoutDetails, PlacedOrder } from './api-types.ts';

const EMPTY: CheckoutDetails = { personal: null, shippingAddress: null, shippingMethod: null, paymentMethod: null };

/**
 * Placeholder by the worker-core engineer so the API composes; the sync engineer replaces it with the real checkout
 * area. The live queries already read local data.
 */
export function checkoutApi(ctx: WorkerContext): CheckoutApi {
  ctx.live.register('checkout', () =>
    ctx.db.kv.findOne(KV_KEYS.personalDetails).$.pipe(map((doc) => ({ ...EMPTY, ...((doc?.value as object) ?? {}) }))),
  );
  ctx.live.register('orders', () =>
    ctx.db.orders.find({ sort: [{ created_at: 'desc' }] }).$.pipe(
      map((docs): PlacedOrder[] =>
        docs.map((d) => ({ order_id: d.order_id, transmited: d.transmited, created_at: d.created_at, result: d.result })),
      ),
    ),
  );
  const notYet = async (): Promise<never> => {
    throw new Error('Checkout commands are not available yet');
  };
  return { saveCheckoutDetails: notYet, placeOrder: notYet, sendPendingOrders: notYet };
}
