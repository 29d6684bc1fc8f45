import { readCache, stableKey, writeCache } from '../catalog/cache-store.ts';
import type { WorkerContext } from '../context.ts';
import { ApiError, isNetworkError } from '../http/errors.ts';
import type { Envelope } from '../queue/types.ts';

export interface ProviderAnswer<T> {
  /** null: the provider answered 404 (no such page or product). */
  value: T | null;
  offline: boolean;
  cache: boolean;
}

/**
 * One read of the search provider, network first and kept for the catalogue TTL, as catalogue answers are (spec 001
 * §4 "Offline cache", §8 "Search failure online rethrows the error. Offline with no cache gives an empty result"):
 * offline the last answer to the same call, else `value` null with `offline`. A 404 is an answer (null, not cached).
 */
export async function providerCall<T>(
  ctx: WorkerContext,
  request: { path: string; body?: unknown; query?: Record<string, string | number | undefined> },
): Promise<ProviderAnswer<T>> {
  const key = `provider:${ctx.config.storeCode}:${request.path}:${stableKey({ b: request.body ?? null, q: request.query ?? null })}`;
  const query = { ...request.query, storeCode: ctx.config.storeCode };
  let res: Envelope<T>;
  try {
    res =
      request.body === undefined
        ? await ctx.http.get<T>(request.path, { query })
        : await ctx.http.post<T>(request.path, request.body, { query });
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = await readCache<T>(ctx, key);
    return { value: cached, offline: true, cache: cached !== null };
  }
  if (res.code === 404) return { value: null, offline: false, cache: false };
  if (res.code !== 200) {
    const message = typeof res.result === 'string' ? res.result : `${request.path} failed with ${res.code}`;
    throw new ApiError(message, res.code, res.result);
  }
  try {
    await writeCache(ctx, key, res.result);
  } catch (error) {
    // a device that cannot keep the answer still gets it (docs/offline-and-storage.md "Never a wrong answer")
    console.warn('[worker] could not cache a search-provider answer', error);
  }
  return { value: res.result, offline: false, cache: false };
}
