import type { Product } from '../../contract/catalog.ts';
import type { WorkerContext } from '../context.ts';
import { ANY_VISIBILITY } from '../catalog/product-loader.ts';
import { fetchCatalog } from '../catalog/search.ts';

/**
 * Paths of the endpoints the fallback asks (spec 000 §2 "Route resolution": landing page, store, content story;
 * served by server/catalog and server/content). One place to change them.
 */
export const FALLBACK_ENDPOINTS = {
  landingPage: '/api/search-provider/landing-page',
  storeLocation: (slug: string) => `/api/stores/${encodeURIComponent(slug)}`,
  story: (fullSlug: string) => `/api/cms/story/${fullSlug.split('/').map(encodeURIComponent).join('/')}`,
};

/** HTTP lookups for the four-step fallback. A non-200 answer means "not this one"; network errors propagate. */
export function httpFallbackLookups(ctx: WorkerContext) {
  return {
    async productByUrlKey(urlKey: string): Promise<Product | null> {
      const result = await fetchCatalog<Product>(ctx, 'product', {
        filter: { url_key: urlKey, status: 1, visibility: ANY_VISIBILITY },
        size: 1,
      });
      return result.items[0] ?? null;
    },
    async landingPage(urlPath: string): Promise<boolean> {
      const response = await ctx.http.get<{ primaryList?: unknown; search?: boolean; published?: boolean } | null>(
        FALLBACK_ENDPOINTS.landingPage,
        { query: { url_path: urlPath, limit: 1, storeCode: ctx.config.storeCode } },
      );
      const page = response.result;
      // Spec 001 §5: accepted only with a primaryList and when it is a search or published.
      return (
        response.code === 200 && !!page && !!page.primaryList && (page.search === true || page.published !== false)
      );
    },
    async storeLocation(slug: string): Promise<boolean> {
      const response = await ctx.http.get(FALLBACK_ENDPOINTS.storeLocation(slug));
      return response.code === 200 && !!response.result;
    },
    async story(fullSlug: string): Promise<boolean> {
      const response = await ctx.http.get<{ story?: unknown } | null>(FALLBACK_ENDPOINTS.story(fullSlug));
      return response.code === 200 && !!response.result && !!(response.result.story ?? response.result);
    },
  };
}
