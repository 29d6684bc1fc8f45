import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { StringEnum } from '../../contract/schema-helpers.ts';
import { DEFAULT_SORT, SORT_OPTIONS, sortParam, type SortId } from '../../domain/catalog/sort-options.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { catalogCache } from './catalog-cache.ts';
import { searchProducts } from './product-search.ts';
import type { Queryable } from '../db/index.ts';
import { priceContext, requireStoreCode, type StoreCode } from './store-context.ts';
import { normaliseUrlPath } from './url-map-route.ts';

/** Spec 001 §9: search-provider landing defaults limit 24, skip 0. */
const DEFAULT_LIMIT = 24;

/** The search provider's id and label for each of the shop's sort options (spec 001 §3 landingPage sort options). */
const PROVIDER_SORT_NAMES: Record<Exclude<SortId, 'position'>, { id: string; label: string }> = {
  latest: { id: 'NEWEST', label: 'Nieuwste' },
  price_asc: { id: 'PRICE_ASC', label: 'Prijs laag - hoog' },
  price_desc: { id: 'PRICE_DESC', label: 'Prijs hoog - laag' },
};

/**
 * Sort options the landing page offers: its own stored order first (RELEVANCE), then the shop's sort options of
 * spec 000 §9 other than position.
 */
const LANDING_SORTS: readonly { id: string; label: string; sort: string | undefined }[] = [
  { id: 'RELEVANCE', label: 'Aanbevolen', sort: undefined },
  ...SORT_OPTIONS.filter((o) => o.id !== DEFAULT_SORT.id).map((o) => ({
    ...PROVIDER_SORT_NAMES[o.id as Exclude<SortId, 'position'>],
    sort: sortParam(o),
  })),
];

/**
 * The shopper's facet choices (spec 001 §5 "Filters … are forwarded"; §7 "objects sent as JSON strings"): a JSON
 * object of attribute code → option values. An unknown code or a value that is not a list of strings is a 400.
 */
function facetFilters(raw: string | undefined, known: (code: string) => boolean): Record<string, string[]> {
  if (raw === undefined || raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('querystring.filters must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('querystring.filters must be a JSON object');
  }
  const out: Record<string, string[]> = {};
  for (const [code, values] of Object.entries(parsed)) {
    if (!known(code)) throw badRequest(`querystring.filters.${code.slice(0, 50)} is not a filterable attribute`);
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) {
      throw badRequest(`querystring.filters.${code} must be a list of option values`);
    }
    if (values.length) out[code] = values;
  }
  return out;
}

interface LandingQuery {
  category_ids?: number[];
  filters?: Record<string, unknown>;
  text?: string;
  sort?: string;
}

export interface LandingPageRequest {
  url_path: string;
  skip?: number;
  limit?: number;
  sort?: string;
  storeCode: StoreCode;
  /** The shopper's facet choices as a JSON object (spec 001 §7). */
  filters?: string;
}

/**
 * A published landing page as the provider answers it (spec 001 §3 "landingPage"), its stored query filling
 * `primaryList` through the catalogue search; null for an unknown or unpublished page. The route below and the
 * server-rendered page (server/pages/) both ask here.
 */
export async function landingPageAnswer(db: Queryable, now: Date, q: LandingPageRequest) {
  const path = normaliseUrlPath(q.url_path);
  const { rows } = await db.query<{
    url_path: string;
    page_heading: string;
    query: LandingQuery;
    // the provider's content list items; the page shows their descriptions
    content: Array<{ description?: string }>;
  }>('select url_path, page_heading, query, content from landing_pages where url_path = $1 and published', [path]);
  const page = rows[0];
  if (!page) return null;
  const stored = page.query ?? {};
  const cache = await catalogCache(db);
  const chosen = facetFilters(q.filters, (code) => cache.attributes.get(code)?.is_filterable === true);
  const filter: Record<string, unknown> = { ...(stored.filters ?? {}) };
  // A stored filter of the page narrows what a shopper's choice may add to, never the other way round.
  for (const [code, values] of Object.entries(chosen)) if (!(code in filter)) filter[code] = { in: values };
  if (stored.category_ids?.length) filter.category_ids = { in: stored.category_ids };
  const selected = LANDING_SORTS.find((o) => o.id === q.sort) ?? LANDING_SORTS[0];
  const result = await searchProducts(
    db,
    {
      filter,
      text: stored.text,
      sort: selected.sort ?? stored.sort,
      start: q.skip ?? 0,
      size: q.limit ?? DEFAULT_LIMIT,
      aggregations: true,
      excludeFields: ['description'],
    },
    priceContext(q.storeCode, now, cache),
    cache,
  );
  const facets = result.attributeMetadata.map((meta) => {
    const m = meta as {
      attribute_code: string;
      frontend_label: string;
      options: Array<{ value: string; label: string }>;
    };
    const buckets = result.aggregations[`agg_terms_${m.attribute_code}`]?.buckets ?? [];
    return {
      id: m.attribute_code,
      label: cache.attributes.get(m.attribute_code)?.frontend_label ?? m.attribute_code,
      type: 'CHECKBOX',
      selectedCount: chosen[m.attribute_code]?.length ?? 0,
      values: buckets.map((b) => ({
        id: b.key,
        label: m.options.find((o) => o.value === b.key)?.label ?? b.key,
        count: b.doc_count,
        selected: chosen[m.attribute_code]?.includes(b.key) ?? false,
      })),
    };
  });
  return {
    primaryList: {
      productGroups: result.items.map((p) => ({ key: String(p.sku), products: [p] })),
      totalHits: result.total,
      sort: { options: LANDING_SORTS.map(({ id, label }) => ({ id, label })), selected: selected.id },
      facets,
      priceBuckets: result.aggregations.agg_range_price?.buckets ?? [],
    },
    navigation: {
      breadcrumbs: [
        { label: 'Home', path: '/' },
        { label: page.page_heading, path: `/${page.url_path}/` },
      ],
    },
    seo: { pageHeading: page.page_heading },
    contentLists: [{ items: page.content }],
  };
}

/**
 * The search provider's landing page (the dispatcher's fallback step 2, spec 000 §2), served from landing_pages: the
 * stored query fills `primaryList` through the catalogue search; unpublished or unknown pages are a 404.
 */
const landingPageQuery = Type.Object({
  url_path: Type.String({ minLength: 1, maxLength: 500 }),
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  sort: Type.Optional(StringEnum(LANDING_SORTS.map((o) => o.id))),
  storeCode: Type.Optional(Type.String()),
  filters: Type.Optional(Type.String({ maxLength: 2000 })),
});

const landingPageRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/search-provider/landing-page', { schema: { querystring: landingPageQuery } }, async (request, reply) => {
    const q = request.query;
    const storeCode = requireStoreCode(q.storeCode ?? request.headers['x-store-code'] ?? 'nl');
    const answer = await landingPageAnswer(app.db, app.now(), { ...q, storeCode });
    if (!answer) throw notFound(`No landing page '${normaliseUrlPath(q.url_path).slice(0, 200)}'`);
    return ok(reply, answer);
  });
};
export default landingPageRoute;
