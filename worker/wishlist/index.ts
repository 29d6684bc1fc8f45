import { map } from 'rxjs';
import { cartLineDisplay } from '../../domain/cart/line-display.ts';
import type { WishlistItemDoc } from '../../schemas/index.ts';
import { cartLineProduct } from '../catalog/product-loader.ts';
import type { WorkerContext } from '../context.ts';
import type { ContextEngine } from '../context-engine.ts';
import type { WishlistApi, WishlistState } from './api-types.ts';
import { wishlistItemView } from './wishlist-view.ts';

/** The wishlist area (spec 001 §4): commands write locally first; the `wishlist` live query follows RxDB (all tabs). */
export function wishlistApi(ctx: WorkerContext, { engine, started }: ContextEngine): WishlistApi {
  ctx.live.register('wishlist', () =>
    ctx.db.wishlist_items.find({ sort: [{ added_at: 'asc' }] }).$.pipe(
      map((docs): WishlistState => {
        const items = docs.map((doc) => wishlistItemView(doc.toMutableJSON()));
        return { items, count: items.length };
      }),
    ),
  );
  const resolving = new Set<string>();
  ctx.db.wishlist_items.find().$.subscribe({
    next: (docs) => {
      for (const doc of docs) {
        const item = doc.toMutableJSON();
        if (item.product || resolving.has(item.key)) continue;
        resolving.add(item.key);
        void resolveItem(ctx, item)
          .catch((error) => console.error('[wishlist] resolving an item failed', error))
          .finally(() => resolving.delete(item.key));
      }
    },
    error: (error) => console.error('[wishlist] items stream ended', error),
  });
  const ready = async () => {
    await started;
    return engine.wishlist;
  };
  return {
    addToWishlist: async (input) => (await ready()).add(input),
    removeFromWishlist: async (key) => (await ready()).remove(key),
    replaceWishlistItem: async (oldKey, next) => (await ready()).replace(oldKey, next),
  };
}

/**
 * A server item arrives with its sku only (spec 001 §4 "server items are resolved to products or variants"): it gets
 * the display value a device-made item has, from the catalogue (a child's parent with all its children). Offline the
 * lookup fails and the next change of the list tries again.
 */
async function resolveItem(ctx: WorkerContext, item: WishlistItemDoc): Promise<void> {
  let product;
  try {
    product = await cartLineProduct(ctx, item.sku);
  } catch {
    return;
  }
  const display = cartLineDisplay(product, { sku: item.sku });
  const parent = display.parentSku ? { parentSku: display.parentSku, parentId: product.id } : {};
  const doc = await ctx.db.wishlist_items.findOne(item.key).exec();
  if (doc && !doc.product) await doc.incrementalPatch({ product: display, ...parent });
}
