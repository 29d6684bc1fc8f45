import { from, switchMap } from 'rxjs';
import type { Product } from '../../contract/catalog.ts';
import { pushRecentlyViewed, recentlyViewedOf, recentTile } from '../../domain/catalog/recently-viewed.ts';
import { serially } from '../../domain/serially.ts';
import { KV_KEYS } from '../../schemas/index.ts';
import { cachedProduct } from '../catalog/cache-store.ts';
import type { WorkerContext } from '../context.ts';
import type { RecentlyViewedApi } from './api-types.ts';

/**
 * The recently viewed list: kv `recently-viewed` on the device, like the compare list, so every tab and the home page
 * offline show the same row. Not cleared on logout (spec 000 §4 names what logout clears; this is the device's).
 */
export function recentlyViewedApi(ctx: WorkerContext): RecentlyViewedApi {
  const doc$ = () => ctx.db.kv.findOne(KV_KEYS.recentlyViewed).$;
  // A price or stock changed since the view shows from the catalogue cache when it holds the product (fresh).
  const freshened = async (list: Product[]) =>
    Promise.all(
      list.map(async (kept) => {
        const cached = await cachedProduct(ctx, kept.sku).catch(() => null);
        return cached ? recentTile(cached) : kept;
      }),
    );
  ctx.live.register('recentlyViewed', () =>
    doc$().pipe(switchMap((doc) => from(freshened(recentlyViewedOf(doc?.toMutableJSON().value))))),
  );
  const read = async () =>
    recentlyViewedOf((await ctx.db.kv.findOne(KV_KEYS.recentlyViewed).exec())?.toMutableJSON().value);
  // Two product pages in quick succession read the list before either wrote it: one after the other.
  const oneAtATime = serially();
  return {
    rememberViewed: (product) =>
      oneAtATime(async () => {
        const value = pushRecentlyViewed(await read(), recentTile(product));
        await ctx.db.kv.incrementalUpsert({ key: KV_KEYS.recentlyViewed, value, updated_at: ctx.now() });
      }),
  };
}
