import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { catalogCache } from './catalog-cache.ts';
import { searchAttributes } from './attribute-search.ts';
import { searchCategories } from './category-search.ts';
import { searchProducts, type SearchRequest } from './product-search.ts';
import { priceContext, requireStoreCode } from './store-context.ts';
import { searchTaxRules } from './taxrule-search.ts';

/**
 * Page size limits per entity (spec 000 §9): products "maximum filters query size 999" (default list size 50),
 * categories "category fetch size 4000", attributes "attribute list size 150". Size 0 or less means the default
 * and a negative start means 0 (spec 001 §5); above the maximum is a 400.
 */
export const SIZE_LIMITS = { product: 999, category: 4000, attribute: 150, taxrule: 999 } as const;
export const DEFAULT_SIZE = 50;
type EntityType = keyof typeof SIZE_LIMITS;

const stringList = { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 200 } as const;

export const searchBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    filter: { type: 'object', maxProperties: 50 },
    sort: { type: ['string', 'array'], maxLength: 100, items: { type: 'string', maxLength: 100 }, maxItems: 5 },
    start: { type: 'integer' },
    size: { type: 'integer' },
    includeFields: { ...stringList, nullable: true },
    excludeFields: { ...stringList, nullable: true },
    aggregations: { type: ['boolean', 'array'], items: { type: 'string', maxLength: 100 }, maxItems: 50 },
    text: { type: 'string', maxLength: 200 },
  },
} as const;

interface SearchBody {
  filter?: Record<string, unknown>;
  sort?: string | string[];
  start?: number;
  size?: number;
  includeFields?: string[] | null;
  excludeFields?: string[] | null;
  aggregations?: boolean | string[];
  text?: string;
}

export function normaliseSearch(body: SearchBody | undefined, entity: EntityType): SearchRequest {
  const b = body ?? {};
  const size = b.size === undefined || b.size <= 0 ? DEFAULT_SIZE : b.size;
  if (size > SIZE_LIMITS[entity]) throw badRequest(`body.size must be <= ${SIZE_LIMITS[entity]}`);
  if (b.start !== undefined && b.start > 1_000_000) throw badRequest('body.start must be <= 1000000');
  return {
    filter: b.filter,
    sort: b.sort,
    start: Math.max(0, b.start ?? 0),
    size,
    includeFields: b.includeFields ?? undefined,
    excludeFields: b.excludeFields ?? undefined,
    aggregations: b.aggregations,
    text: b.text,
  };
}

const searchRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { storeCode: string; entityType: string }; Body: SearchBody }>(
    '/catalog/:storeCode/:entityType/_search',
    {
      // A search without a body is a search with all defaults.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: {
        params: {
          type: 'object',
          properties: { storeCode: { type: 'string' }, entityType: { type: 'string' } },
        },
        body: searchBodySchema,
      },
    },
    async (request, reply) => {
      const storeCode = requireStoreCode(request.params.storeCode);
      const entity = request.params.entityType;
      if (!Object.hasOwn(SIZE_LIMITS, entity)) throw notFound(`Unknown entity type '${entity.slice(0, 40)}'`);
      const search = normaliseSearch(request.body, entity as EntityType);
      switch (entity as EntityType) {
        case 'product': {
          const cache = await catalogCache(app.db);
          return ok(reply, await searchProducts(app.db, search, priceContext(storeCode, app.now(), cache), cache));
        }
        case 'category':
          return ok(reply, await searchCategories(app.db, search));
        case 'attribute':
          return ok(reply, await searchAttributes(app.db, search));
        default:
          return ok(reply, await searchTaxRules(app.db, search));
      }
    },
  );
};
export default searchRoute;
