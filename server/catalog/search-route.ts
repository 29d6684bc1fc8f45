import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
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

/** Type guard: an entity type the search serves (an unknown one is a 404, not a 400). */
function isEntityType(value: string): value is EntityType {
  return Object.hasOwn(SIZE_LIMITS, value);
}

/** Field lists may be null (vue-storefront sends them so); ajv's `nullable` keeps the 400 texts. */
const stringList = Type.Unsafe<string[] | null>({
  type: 'array',
  items: { type: 'string', maxLength: 200 },
  maxItems: 200,
  nullable: true,
});

export const searchBodySchema = Type.Object(
  {
    filter: Type.Optional(Type.Unsafe<Record<string, unknown>>({ type: 'object', maxProperties: 50 })),
    sort: Type.Optional(
      Type.Unsafe<string | string[]>({
        type: ['string', 'array'],
        maxLength: 100,
        items: { type: 'string', maxLength: 100 },
        maxItems: 5,
      }),
    ),
    start: Type.Optional(Type.Integer()),
    size: Type.Optional(Type.Integer()),
    includeFields: Type.Optional(stringList),
    excludeFields: Type.Optional(stringList),
    aggregations: Type.Optional(
      Type.Unsafe<boolean | string[]>({
        type: ['boolean', 'array'],
        items: { type: 'string', maxLength: 100 },
        maxItems: 50,
      }),
    ),
    text: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
type SearchBody = Static<typeof searchBodySchema>;

const searchParams = Type.Object({
  storeCode: Type.Optional(Type.String()),
  entityType: Type.Optional(Type.String()),
});

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

const searchRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/catalog/:storeCode/:entityType/_search',
    {
      // A search without a body is a search with all defaults.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: { params: searchParams, body: searchBodySchema },
    },
    async (request, reply) => {
      const storeCode = requireStoreCode(request.params.storeCode);
      const entity = request.params.entityType ?? '';
      if (!isEntityType(entity)) throw notFound(`Unknown entity type '${entity.slice(0, 40)}'`);
      const search = normaliseSearch(request.body, entity);
      switch (entity) {
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
