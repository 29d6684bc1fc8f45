import type { FastifyPluginAsync } from 'fastify';
import { notFound, ok } from '../http/envelope.ts';
import { catalogCache } from './catalog-cache.ts';
import { searchProducts } from './product-search.ts';
import { priceContext, requireStoreCode } from './store-context.ts';
import { normaliseUrlPath } from './url-map-route.ts';
import { DEFAULT_LIMIT, PROVIDER_SORTS, primaryList, providerSort } from '../search-provider/primary-list.ts';

interface LandingQuery {
  category_ids?: number[];
  filters?: Record<string, unknown>;
  text?: string;
  sort?: string;
}

/**
 * The search provider's landing page (the dispatcher's fallback step 2, spec 000 §2), served from landing_pages: the
 * stored query fills `primaryList` through the catalogue search; unpublished or unknown pages are a 404.
 */
const landingPageRoute: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { url_path: string; skip?: number; limit?: number; sort?: string; storeCode?: string } }>(
    '/search-provider/landing-page',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['url_path'],
          properties: {
            url_path: { type: 'string', minLength: 1, maxLength: 500 },
            skip: { type: 'integer', minimum: 0, maximum: 100_000 },
            limit: { type: 'integer', minimum: 1, maximum: 100 },
            sort: { type: 'string', enum: PROVIDER_SORTS.map((o) => o.id) },
            storeCode: { type: 'string' },
          },
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const storeCode = requireStoreCode(q.storeCode ?? request.headers['x-store-code'] ?? 'nl');
      const path = normaliseUrlPath(q.url_path);
      const { rows } = await app.db.query<{
        url_path: string;
        page_heading: string;
        query: LandingQuery;
        content: unknown[];
      }>('select url_path, page_heading, query, content from landing_pages where url_path = $1 and published', [path]);
      const page = rows[0];
      if (!page) throw notFound(`No landing page '${path.slice(0, 200)}'`);
      const stored = page.query ?? {};
      const filter: Record<string, unknown> = { ...(stored.filters ?? {}) };
      if (stored.category_ids?.length) filter.category_ids = { in: stored.category_ids };
      const selected = providerSort(q.sort);
      const cache = await catalogCache(app.db);
      const result = await searchProducts(
        app.db,
        {
          filter,
          text: stored.text,
          sort: selected.sort ?? stored.sort,
          start: q.skip ?? 0,
          size: q.limit ?? DEFAULT_LIMIT,
          aggregations: true,
          excludeFields: ['description'],
        },
        priceContext(storeCode, app.now(), cache),
        cache,
      );
      return ok(reply, {
        primaryList: primaryList(result, selected.id, cache),
        navigation: {
          breadcrumbs: [
            { label: 'Home', path: '/' },
            { label: page.page_heading, path: `/${page.url_path}/` },
          ],
        },
        seo: { pageHeading: page.page_heading },
        contentLists: [{ items: page.content }],
      });
    },
  );
};
export default landingPageRoute;
