import { map } from 'rxjs';
import type { Product } from '../../contract/catalog.ts';
import { addToCompareList, COMPARE_LIMIT, removeFromCompareList } from '../../domain/catalog/compare-list.ts';
import { applyVariantRules } from '../../domain/catalog/configurable-child.ts';
import { serially } from '../../domain/serially.ts';
import { KV_KEYS } from '../../schemas/index.ts';
import type { AttributeMetadata } from '../api-types.ts';
import { cachedProduct, storeProducts } from '../catalog/cache-store.ts';
import { ANY_VISIBILITY } from '../catalog/product-loader.ts';
import { cachedSearch, fetchCatalog } from '../catalog/search.ts';
import type { WorkerContext } from '../context.ts';
import { isNetworkError } from '../http/errors.ts';
import type { CompareApi, CompareState, CompareTable } from './api-types.ts';
import { COMPARE_TEXT } from './compare-messages.ts';
import { compareTable } from './compare-view.ts';

const skusOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];

/**
 * The compare list area: the list is kv `compare` on the device (like the other singletons; the session's logout
 * removes it, spec 000 §4), so every tab shows the same list through the `compare` live query.
 */
export function compareApi(ctx: WorkerContext): CompareApi {
  ctx.live.register('compare', () =>
    ctx.db.kv
      .findOne(KV_KEYS.compare)
      .$.pipe(map((doc): CompareState => ({ skus: skusOf(doc?.toMutableJSON().value), limit: COMPARE_LIMIT }))),
  );
  const read = async () => skusOf((await ctx.db.kv.findOne(KV_KEYS.compare).exec())?.toMutableJSON().value);
  const write = (skus: string[]) =>
    ctx.db.kv.incrementalUpsert({ key: KV_KEYS.compare, value: skus, updated_at: ctx.now() });
  // Two quick taps on two tiles read the list before either wrote it: changes run one after the other.
  const oneAtATime = serially();

  return {
    addToCompare: (sku) =>
      oneAtATime(async () => {
        const change = addToCompareList(await read(), sku);
        if (change.outcome === 'full')
          return { ok: false, messageKey: COMPARE_TEXT.full, params: { limit: COMPARE_LIMIT } };
        if (change.outcome === 'added') await write(change.list);
        return { ok: true };
      }),
    removeFromCompare: (sku) =>
      oneAtATime(async () => {
        await write(removeFromCompareList(await read(), sku));
        return { ok: true };
      }),
    compareProducts: async () => compareProducts(ctx, await read()),
  };
}

async function compareProducts(ctx: WorkerContext, skus: string[]): Promise<CompareTable> {
  if (skus.length === 0) return compareTable([], [], [], !ctx.online.value);
  const [{ products, offline }, attributes] = await Promise.all([listedProducts(ctx, skus), comparableAttributes(ctx)]);
  return compareTable(skus, products.map(applyVariantRules), attributes, offline);
}

/** Network first (and kept for offline use), else the catalogue cache on the device (spec 001 §4 "Offline cache"). */
async function listedProducts(ctx: WorkerContext, skus: string[]): Promise<{ products: Product[]; offline: boolean }> {
  try {
    const result = await fetchCatalog<Product>(ctx, 'product', {
      filter: { sku: { in: skus }, status: 1, visibility: ANY_VISIBILITY },
      size: skus.length,
    });
    await storeProducts(ctx, result.items).catch((error) => console.warn('[compare] could not cache', error));
    return { products: result.items, offline: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = await Promise.all(skus.map((sku) => cachedProduct(ctx, sku)));
    return { products: cached.filter((p): p is Product => p !== null), offline: true };
  }
}

/** The catalogue's own choice of what to compare (`is_comparable`), with option labels; cached like any answer. */
async function comparableAttributes(ctx: WorkerContext): Promise<AttributeMetadata[]> {
  const result = await cachedSearch<AttributeMetadata>(ctx, 'attribute', { filter: { is_comparable: true }, size: 50 });
  return result.items;
}
