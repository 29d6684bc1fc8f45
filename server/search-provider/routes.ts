import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { catalogCache } from '../catalog/catalog-cache.ts';
import { searchProducts } from '../catalog/product-search.ts';
import { priceContext, requireStoreCode } from '../catalog/store-context.ts';
import { resolveText } from '../catalog/text-query.ts';
import { DEFAULT_LIMIT, PROVIDER_SORTS, primaryList, providerSort } from './primary-list.ts';
import { productTile, readTicket } from './product-tile.ts';
import {
  alternativeIds,
  anchorsOf,
  RECOMMENDATION_LIMIT,
  recommendationList,
  styleWithIds,
  tilesOf,
  TILE_FIELDS,
} from './recommendations.ts';
import { parseFilters } from './search-filters.ts';

/** Spec 001 §3 "Recommendation identity": the customer key (external id or a stored uuid) and a session uuid. */
const identityKey = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const identity = { sessionKey: identityKey, customerKey: identityKey, storeCode: { type: 'string' } } as const;
const text = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const sku = { type: 'string', minLength: 1, maxLength: 64 } as const;

interface Identity {
  sessionKey?: string;
  customerKey?: string;
  storeCode?: string;
}

/** Spec 001 §7 notification types. */
export const NOTIFICATION_TYPES = ['click', 'add-to-cart', 'end', 'add-favorite', 'remove-favorite'] as const;
/** At most this many cart keys (a cart of more lines asks about its first ones). */
const MAX_CART_KEYS = 50;
/** Autocomplete: product suggestions shown under the phrases. */
const AUTOCOMPLETE_PRODUCTS = 6;
const AUTOCOMPLETE_PHRASES = 5;

/**
 * The search provider's calls (spec 001 §7): the search page (the landing page, its twin for a stored query, is
 * catalog/landing-page-route.ts), autocomplete, the product and cart pages' recommendation lists and the
 * notifications. Every answer is priced for the store and built from the catalogue.
 */
const searchProviderRoutes: FastifyPluginAsync = async (app) => {
  const context = async (query: Identity, headers: Record<string, unknown>) => {
    const storeCode = requireStoreCode(query.storeCode ?? (headers['x-store-code'] as string | undefined) ?? 'nl');
    const cache = await catalogCache(app.db);
    return { cache, ctx: priceContext(storeCode, app.now(), cache) };
  };

  app.post<{
    Querystring: Identity & { q: string; skip?: number; limit?: number; sort?: string; filters?: string };
  }>(
    '/search-provider/search-page',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['q'],
          properties: {
            ...identity,
            q: text,
            skip: { type: 'integer', minimum: 0, maximum: 100_000 },
            limit: { type: 'integer', minimum: 1, maximum: 100 },
            sort: { type: 'string', enum: PROVIDER_SORTS.map((o) => o.id) },
            filters: { type: 'string', maxLength: 2000 },
          },
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { cache, ctx } = await context(q, request.headers);
      const { filter, selected } = parseFilters(q.filters, cache);
      const sort = providerSort(q.sort);
      const resolved = await resolveText(app.db, q.q);
      const result = await searchProducts(
        app.db,
        {
          filter,
          text: q.q,
          sort: sort.sort,
          start: q.skip ?? 0,
          size: q.limit ?? DEFAULT_LIMIT,
          aggregations: true,
          excludeFields: ['description'],
        },
        ctx,
        cache,
        resolved,
      );
      const term = q.q.trim();
      return ok(reply, {
        q: term,
        primaryList: primaryList(result, sort.id, cache, selected),
        navigation: { breadcrumbs: [{ label: 'Home', path: '/' }, { label: term }] },
        seo: { pageHeading: term },
        didYouMean: resolved.didYouMean ? [{ q: resolved.didYouMean }] : [],
        contentLists: [],
      });
    },
  );

  app.post<{ Querystring: Identity & { q: string } }>(
    '/search-provider/autocomplete',
    { schema: { querystring: { type: 'object', required: ['q'], properties: { ...identity, q: text } } } },
    async (request, reply) => {
      const q = request.query;
      const { cache, ctx } = await context(q, request.headers);
      // The last word is still being typed: it also matches the catalogue words it begins.
      const resolved = await resolveText(app.db, q.q, true);
      const result = await searchProducts(
        app.db,
        { text: q.q, start: 0, size: AUTOCOMPLETE_PRODUCTS, includeFields: TILE_FIELDS },
        ctx,
        cache,
        resolved,
      );
      const tiles = result.items.map((doc, i) => productTile(doc, 'AUTOCOMPLETE', i + 1, cache));
      const last = resolved.words.at(-1);
      const lead = resolved.words
        .slice(0, -1)
        .map((w) => w.best)
        .join(' ');
      const phrases = (last?.alternatives ?? []).slice(0, AUTOCOMPLETE_PHRASES).map((word) => ({
        q: lead ? `${lead} ${word}` : word,
      }));
      return ok(reply, {
        productSuggestions: tiles.map((t) => ({ key: t.key, products: [t] })),
        totalHits: result.total,
        phraseSuggestions: phrases,
      });
    },
  );

  app.post<{ Querystring: Identity & { productKey: string } }>(
    '/search-provider/product-page',
    {
      schema: {
        querystring: { type: 'object', required: ['productKey'], properties: { ...identity, productKey: sku } },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { cache, ctx } = await context(q, request.headers);
      const [anchor] = await anchorsOf(app.db, [q.productKey]);
      if (!anchor) throw notFound(`No product '${q.productKey}'`);
      const [product] = await tilesOf(app.db, 'PRODUCT_PAGE', [anchor.id], ctx, cache);
      const [alternatives, styleWith] = await Promise.all([
        alternativeIds(app.db, anchor, RECOMMENDATION_LIMIT),
        styleWithIds(app.db, [anchor], RECOMMENDATION_LIMIT),
      ]);
      return ok(reply, {
        productGroup: { key: product.key, products: [product] },
        recommendationLists: await Promise.all([
          recommendationList(app.db, 'ALTERNATIVES', alternatives, ctx, cache),
          recommendationList(app.db, 'STYLE_WITH', styleWith, ctx, cache),
        ]),
      });
    },
  );

  app.post<{ Querystring: Identity & { cart: string } }>(
    '/search-provider/cart-page',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['cart'],
          properties: { ...identity, cart: { type: 'string', minLength: 1, maxLength: 4000 } },
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // Spec 001 §7 "cart keys joined by |".
      const keys = q.cart
        .split('|')
        .map((k) => k.trim())
        .filter(Boolean);
      if (keys.length === 0) throw badRequest('querystring.cart must list at least one product key');
      if (keys.length > MAX_CART_KEYS) throw badRequest(`querystring.cart must list at most ${MAX_CART_KEYS} keys`);
      const { cache, ctx } = await context(q, request.headers);
      const anchors = await anchorsOf(app.db, keys);
      const ids = anchors.length > 0 ? await styleWithIds(app.db, anchors, RECOMMENDATION_LIMIT) : [];
      return ok(reply, {
        recommendationLists: [await recommendationList(app.db, 'ADD_TO_CART_RECS', ids, ctx, cache)],
      });
    },
  );

  app.post<{
    Body: {
      type: (typeof NOTIFICATION_TYPES)[number];
      ticket?: string;
      productKey?: string;
      sessionKey: string;
      customerKey: string;
    };
  }>(
    '/search-provider/notifications',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'sessionKey', 'customerKey'],
          properties: {
            type: { type: 'string', enum: [...NOTIFICATION_TYPES] },
            ticket: { type: 'string', minLength: 1, maxLength: 500 },
            productKey: sku,
            sessionKey: identityKey,
            customerKey: identityKey,
          },
        },
      },
    },
    async (request, reply) => {
      const b = request.body;
      // Every type but the session's end is about one product: by the ticket of the tile, or by its key.
      if (b.type !== 'end' && b.ticket === undefined && b.productKey === undefined) {
        throw badRequest('body.ticket or body.productKey is required');
      }
      const ticket = b.ticket === undefined ? null : readTicket(b.ticket);
      if (b.ticket !== undefined && !ticket) throw badRequest('body.ticket is not a ticket this shop gave');
      await app.db.query(
        `insert into search_notifications (type, ticket, product_key, session_key, customer_key)
         values ($1, $2, $3, $4, $5)`,
        [b.type, b.ticket ?? null, b.productKey ?? ticket?.sku ?? null, b.sessionKey, b.customerKey],
      );
      return reply.code(204).send();
    },
  );
};
export default searchProviderRoutes;
