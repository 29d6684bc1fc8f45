import type { Category, ProductSearchQuery, SearchResult } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';
import { ApiError, isNetworkError } from '../http/errors.ts';
import { readCache, stableKey, storeCategories, storeProducts, writeCache } from './cache-store.ts';

export type EntityType = 'product' | 'category' | 'attribute' | 'taxrule';

type RawResult<T> = Omit<SearchResult, 'items' | 'offline' | 'cache' | 'noresults'> & { items: T[] };

/** One catalogue call, as the API answers it; a non-200 envelope becomes an ApiError. */
export async function fetchCatalog<T>(
  ctx: WorkerContext,
  entity: EntityType,
  body: ProductSearchQuery,
): Promise<RawResult<T>> {
  const response = await ctx.http.post<RawResult<T>>(`/api/catalog/${ctx.config.storeCode}/${entity}/_search`, body);
  if (response.code !== 200) {
    const message =
      typeof response.result === 'string' ? response.result : `Catalogue search failed with ${response.code}`;
    throw new ApiError(message, response.code, response.result);
  }
  const r = response.result;
  return {
    items: r.items ?? [],
    total: r.total ?? 0,
    start: r.start ?? body.start ?? 0,
    perPage: r.perPage ?? body.size ?? 0,
    aggregations: r.aggregations ?? {},
    attributeMetadata: r.attributeMetadata ?? [],
  };
}

/**
 * Keeps a catalogue answer for offline use. A device whose storage refuses it still gets the answer (spec 001 §4
 * "Offline cache": a storage failure never turns into a wrong answer), so a failure here is logged, not thrown.
 */
async function cacheAnswer<T>(
  ctx: WorkerContext,
  key: string,
  entity: EntityType,
  body: ProductSearchQuery,
  result: RawResult<T>,
): Promise<void> {
  try {
    await writeCache(ctx, key, result);
    const fullDocuments = !body.includeFields?.length && !body.excludeFields?.length;
    if (fullDocuments && entity === 'product') await storeProducts(ctx, result.items as never);
    if (fullDocuments && entity === 'category') await storeCategories(ctx, result.items as Category[]);
  } catch (error) {
    console.warn('[worker] could not cache a catalogue answer', error);
  }
}

/**
 * Network first, the cached answer when the network fails (spec 001 §8): an online failure rethrows; offline with a
 * cached answer gives it with `offline` and `cache`; offline without one the network error propagates, so a caller
 * can tell "not on this device" from "none" (a category page must never read as not found offline).
 */
export async function networkOrCache<T = SearchResult['items'][number]>(
  ctx: WorkerContext,
  entity: EntityType,
  body: ProductSearchQuery,
): Promise<Omit<SearchResult, 'items'> & { items: T[] }> {
  const key = `search:${ctx.config.storeCode}:${entity}:${stableKey(body)}`;
  try {
    const result = await fetchCatalog<T>(ctx, entity, body);
    await cacheAnswer(ctx, key, entity, body, result);
    return { ...result, offline: false, cache: false, noresults: result.items.length === 0 };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = await readCache<RawResult<T>>(ctx, key);
    if (cached) return { ...cached, offline: true, cache: true, noresults: cached.items.length === 0 };
    throw error;
  }
}

/**
 * `networkOrCache`, where offline without a cached answer gives an empty result with `offline`, `cache` and
 * `noresults` set. Answers are cached for the catalogue TTL, and full product/category documents are kept so pages
 * render offline.
 */
export async function cachedSearch<T = SearchResult['items'][number]>(
  ctx: WorkerContext,
  entity: EntityType,
  body: ProductSearchQuery,
): Promise<Omit<SearchResult, 'items'> & { items: T[] }> {
  try {
    return await networkOrCache<T>(ctx, entity, body);
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return {
      items: [],
      total: 0,
      start: body.start ?? 0,
      perPage: body.size ?? 0,
      aggregations: {},
      attributeMetadata: [],
      offline: true,
      cache: true,
      noresults: true,
    };
  }
}
