import { map } from 'rxjs';
import type { WorkerContext } from '../context.ts';
import type { CartApi, CartState } from './api-types.ts';

/**
 * Placeholder by the worker-core engineer so the API composes; the sync engineer replaces it with the real cart
 * area. The live query already reads the local cart items.
 */
export function cartApi(ctx: WorkerContext): CartApi {
  ctx.live.register('cart', () =>
    ctx.db.cart_items.find({ sort: [{ added_at: 'asc' }] }).$.pipe(
      map((docs): CartState => {
        const items = docs.map((doc) => doc.toMutableJSON());
        return {
          items,
          count: items.reduce((sum, item) => sum + item.qty, 0),
          totals: null,
          coupon: null,
          connected: false,
          isAddingToCart: false,
        };
      }),
    ),
  );
  const notYet = async (): Promise<never> => {
    throw new Error('Cart commands are not available yet');
  };
  return { addToCart: notYet, updateQty: notYet, removeItem: notYet, clearCart: notYet, applyCoupon: notYet, removeCoupon: notYet };
}
