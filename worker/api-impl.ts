import type { DeviceUpdateApi, ShopWorkerApi } from './api-types.ts';
import { cartApi } from './cart/index.ts';
import { catalogApi } from './catalog/index.ts';
import { startSyncEngine } from './context-engine.ts';
import type { WorkerContext } from './context.ts';
import { coreApi } from './core/index.ts';
import { donationApi } from './donations/index.ts';
import { checkoutApi } from './orders/index.ts';
import { compareApi } from './compare/index.ts';
import { contentApi } from './content/index.ts';
import { recentlyViewedApi } from './recently-viewed/index.ts';
import { giftCardsApi } from './giftcards/index.ts';
import { newsletterApi } from './newsletter/index.ts';
import { routingApi } from './routing/index.ts';
import { sessionApi } from './user/index.ts';
import { wishlistApi } from './wishlist/index.ts';
import { searchProviderApi } from './search-provider/index.ts';

/**
 * Composes the worker API from one factory per area. Each factory receives the shared context (and the areas that
 * send through the queue, the one sync engine), registers its live queries on `ctx.live` and returns its part of the
 * contract; a missing method is a type error here. The watch of the start's migration is the entry's (worker/main.ts).
 */
export function createShopWorkerApi(ctx: WorkerContext): Omit<ShopWorkerApi, keyof DeviceUpdateApi> {
  const sync = startSyncEngine(ctx);
  return {
    ...coreApi(ctx),
    ...catalogApi(ctx),
    ...routingApi(ctx),
    ...sessionApi(ctx, sync),
    ...cartApi(ctx, sync),
    ...checkoutApi(ctx, sync),
    ...newsletterApi(ctx, sync),
    ...giftCardsApi(ctx, sync),
    ...donationApi(ctx, sync),
    ...wishlistApi(ctx, sync),
    ...compareApi(ctx),
    ...contentApi(ctx),
    ...recentlyViewedApi(ctx),
    ...searchProviderApi(ctx, sync),
  };
}
