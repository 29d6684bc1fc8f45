import { combineLatest, map } from 'rxjs';
import { minicartCount } from '../../domain/cart/cart-rules.ts';
import { KV_KEYS } from '../../schemas/index.ts';
import type { WorkerContext } from '../context.ts';
import { cartLineProduct } from '../catalog/product-loader.ts';
import { PriceSync } from '../catalog/price-sync.ts';
import type { ContextEngine } from '../context-engine.ts';
import type { CartApi, CartState } from './api-types.ts';
import { emptyCartState, type CartStateValue } from './cart-state.ts';
import { cartLineView, cartTotalsView } from './cart-view.ts';
import { LineDisplayFill } from './line-display-fill.ts';
import { TASK_CART_DELETE, TASK_CART_UPDATE } from './cart-tasks.ts';

/** The cart area (spec 000 §4): commands write locally first; the `cart` live query follows RxDB (all tabs). */
export function cartApi(ctx: WorkerContext, { engine, started, restored }: ContextEngine): CartApi {
  ctx.live.register('cart', () =>
    combineLatest([
      ctx.db.cart_items.find({ sort: [{ added_at: 'asc' }] }).$,
      ctx.db.kv.findOne(KV_KEYS.cart).$,
      ctx.db.sync_tasks.find({ selector: { transmited: false } }).$,
    ]).pipe(
      map(([docs, stateDoc, tasks]): CartState => {
        const items = docs.map((doc) => cartLineView(doc.toMutableJSON()));
        const pendingSync = tasks.some((t) => t.kind === TASK_CART_UPDATE || t.kind === TASK_CART_DELETE);
        const state: CartStateValue = {
          ...emptyCartState(),
          ...((stateDoc?.toMutableJSON().value as Partial<CartStateValue> | undefined) ?? {}),
        };
        return {
          items,
          count: minicartCount(items),
          lines: minicartCount(items, 'items'),
          totals: cartTotalsView(items, state.platformTotals, pendingSync),
          coupon: state.coupon?.code ?? null,
          connected: !!state.cartServerToken,
          syncDisabled: state.syncDisabled,
          isMicrocartOpen: state.isMicrocartOpen,
          pendingSync,
          shippingMethods: state.shippingMethods,
          paymentMethods: state.paymentMethods,
          shipping: state.shipping,
          payment: state.payment,
        };
      }),
    ),
  );
  const after = (stage: Promise<void>) => async () => {
    await stage;
    return engine;
  };
  const ready = after(started);
  // a line is written on the device first and sent through the queue: the first tap never waits for the cart's connect
  const local = after(restored);
  const displays = new LineDisplayFill({ store: engine.cartStore, findProduct: (sku) => cartLineProduct(ctx, sku) });
  // cached prices of the cart's lines refreshed through render-list after the price age, on every change of the
  // lines and when the connection returns (worker/catalog/price-sync.ts)
  const prices = new PriceSync(ctx);
  let pricing: Promise<unknown> = Promise.resolve();
  const refreshPrices = () => {
    if (!ctx.online.value) return;
    pricing = pricing
      .then(() => restored)
      .then(async () => {
        const store = engine.cartStore;
        const lines = (await ctx.db.cart_items.find().exec()).map((doc) => doc.toMutableJSON());
        return prices.refreshCart(lines, (id, patch) => store.exclusive(() => store.patchItem(id, patch)));
      })
      .catch((error) => console.warn('[cart] price sync failed', error));
  };
  ctx.online.subscribe((online) => (online ? refreshPrices() : undefined));
  ctx.db.cart_items.find().$.subscribe({
    next: (docs) => {
      // a fill that fails (offline lookup, a database closed under it) leaves the line as it is: the next change retries
      void restored
        .then(() => displays.fill(docs.map((doc) => doc.toMutableJSON())))
        .catch((error) => console.error('[cart] line display fill failed', error));
      refreshPrices();
    },
    error: (error) => console.error('[cart] cart lines stream ended', error),
  });
  return {
    addToCart: async (input) => (await local()).cart.add(input),
    updateQty: async (localId, qty) => (await local()).cart.updateQty(localId, qty),
    removeItem: async (localId) => (await local()).cart.remove(localId),
    replaceItem: async (oldLocalId, next, qty) => (await local()).cart.replace(oldLocalId, next, qty),
    applyCoupon: async (code) => {
      const e = await ready();
      if (!(await e.session.guard())) return { ok: false };
      return e.totals.applyCoupon(code);
    },
    removeCoupon: async () => (await ready()).totals.removeCoupon(),
    applyGiftCard: async (number, pin) => (await ready()).totals.applyGiftCard(number, pin),
    removeGiftCard: async () => (await ready()).totals.removeGiftCard(),
  };
}
