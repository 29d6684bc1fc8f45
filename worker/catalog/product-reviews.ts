import type { ProductReviews, TexTracer } from '../../contract/product-reviews.ts';
import type { ProductReviewsView, TexTracerView } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';
import { ApiError, isNetworkError } from '../http/errors.ts';
import { readCache, writeCache } from './cache-store.ts';
import { reviewsView } from '../../domain/catalog/product-reviews.ts';

type Ctx = Pick<WorkerContext, 'db' | 'events' | 'config' | 'now' | 'http'>;

/**
 * A product answer the page can show offline: network first; the answer is kept in the cache collection for the
 * catalogue TTL, and offline (or with the server unreachable) the kept one is given, marked `offline`. Offline without
 * one the network error propagates: the page says it cannot show them, not that there are none.
 */
async function networkOrKept<T>(ctx: Ctx, key: string, path: string): Promise<{ value: T; offline: boolean }> {
  try {
    const response = await ctx.http.get<T>(path);
    if (response.code !== 200) {
      const message = typeof response.result === 'string' ? response.result : `${path} answered ${response.code}`;
      throw new ApiError(message, response.code, response.result);
    }
    try {
      await writeCache(ctx, key, response.result);
    } catch (error) {
      // a device whose storage refuses it still shows the answer (spec 001 §4 "Offline cache")
      console.warn('[worker] could not keep a product answer', error);
    }
    return { value: response.result, offline: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const kept = await readCache<T>(ctx, key);
    if (kept === null) throw error;
    return { value: kept, offline: true };
  }
}

const productPath = (sku: string, what: string) => `/api/catalog/products/${encodeURIComponent(sku)}/${what}`;

/** One page of a product's reviews with its average and count (spec 001 §1 "product reviews"). */
export async function productReviews(ctx: Ctx, sku: string, offset = 0): Promise<ProductReviewsView> {
  // the page size is the server's default (contract/product-reviews.ts): the answer says it
  const { value, offline } = await networkOrKept<ProductReviews>(
    ctx,
    `reviews:${sku}:${offset}`,
    `${productPath(sku, 'reviews')}?offset=${offset}`,
  );
  return reviewsView(value, offline);
}

/** Where a product was made, step by step (the tex tracer, spec 001 §2). */
export async function texTracer(ctx: Ctx, sku: string): Promise<TexTracerView> {
  const { value, offline } = await networkOrKept<TexTracer>(ctx, `tex-tracer:${sku}`, productPath(sku, 'tex-tracer'));
  return { steps: value.steps, offline };
}
