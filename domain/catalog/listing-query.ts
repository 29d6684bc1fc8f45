import { PRICE_FIELDS } from './product-prices.ts';
import { combinedPriceRange, priceBucketFilter, priceBucketFromKey, type PriceBucket } from './price-buckets.ts';
import { DEFAULT_SORT, sortOptionFromQuery, sortParam, type SortId } from './sort-options.ts';

/**
 * The catalogue search bodies of the listings, built once here because the worker sends them and the server renders
 * a listing page with them (docs/server-rendering.md). The shapes are the worker's `ListingBody` and
 * `CategoryListingQuery` (worker/api-types.ts), restated structurally since domain/ does not import the worker.
 */
export type FilterValue = string | number | boolean | Record<string, unknown>;

export interface ListingBody {
  filter?: Record<string, FilterValue>;
  sort?: string | string[];
  start?: number;
  size?: number;
  text?: string;
  /** true: every filterable attribute plus price buckets; a list: those codes. */
  aggregations?: boolean | string[];
}

export interface CategoryListingQuery {
  categoryId: number;
  filters?: Record<string, string[]>;
  sort?: string;
  page?: number;
  size?: number;
}

/** Products per listing page (category and search): spec 001 §9 "Default search page size 50". */
export const PAGE_SIZE = 50;

/** The listing's state as the route query holds it (spec 000 §2): `?sort=price_asc&page=2&color=49,50&price=0-50`. */
export interface ListingState {
  sort: SortId;
  page: number;
  q?: string;
  filters: Record<string, string[]>;
}

/** Query parameters that are no filter: the listing's own, and the storage diagnostics' switch (spec 001 §4). */
const RESERVED = new Set(['sort', 'page', 'q', 'diagnostics']);

export function listingState(search: Record<string, string | undefined>): ListingState {
  const filters: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(search)) {
    if (!RESERVED.has(k) && v) filters[k] = v.split(',').filter(Boolean);
  }
  const sort = sortOptionFromQuery(search.sort).id;
  const page = Math.max(1, Number.parseInt(search.page ?? '1', 10) || 1);
  return { sort, page, q: search.q, filters };
}

/** Spec 000 §5 "Product listing base filter: visibility in 2, 3, 4 and status in 0, 1". */
export const LISTING_BASE_FILTER: Record<string, FilterValue> = {
  visibility: { in: [2, 3, 4] },
  status: { in: [0, 1] },
};

/** The price buckets selected in the route query as one catalogue filter (spec 000 §9 price filter ranges). */
export function priceFilter(keys: string[]): FilterValue | null {
  const range = combinedPriceRange(keys.map(priceBucketFromKey).filter((b): b is PriceBucket => b !== null));
  return range ? priceBucketFilter(range) : null;
}

/** The shopper's filters of the route query (attribute options, price buckets) as catalogue filters. */
function chosenFilters(filters: Record<string, string[]> = {}): Record<string, FilterValue> {
  const filter: Record<string, FilterValue> = {};
  for (const [code, values] of Object.entries(filters)) {
    if (!values.length) continue;
    if (code === 'price') {
      const range = priceFilter(values);
      if (range) filter.final_price = range;
    } else {
      filter[code] = { in: values.map(String) };
    }
  }
  return filter;
}

/** The search body for a category page: base filter, category, route-query filters, sort and paging. */
export function categoryListingBody(query: CategoryListingQuery, defaultSize: number): ListingBody {
  const size = query.size && query.size > 0 ? query.size : defaultSize;
  const page = query.page && query.page > 0 ? query.page : 1;
  return {
    filter: {
      ...LISTING_BASE_FILTER,
      category_ids: { in: [query.categoryId] },
      ...chosenFilters(query.filters),
    },
    sort: sortParam(sortOptionFromQuery(query.sort)),
    start: (page - 1) * size,
    size,
    aggregations: true,
  };
}

/** The search results page's choices (route query): relevance order unless a sort is chosen. */
export interface TextSearchRefinement {
  filters?: Record<string, string[]>;
  sort?: string;
}

/**
 * Spec 001 §5: "Search page size at most 0 becomes 50 and start below 0 becomes 0". Without a chosen sort the
 * results keep the search's relevance order.
 */
export function textSearchBody(text: string, page = 1, size = 50, refine: TextSearchRefinement = {}): ListingBody {
  const perPage = size > 0 ? size : 50;
  const sort = sortOptionFromQuery(refine.sort);
  return {
    text: text.trim(),
    filter: { ...LISTING_BASE_FILTER, ...chosenFilters(refine.filters) },
    ...(sort.id === DEFAULT_SORT.id ? {} : { sort: sortParam(sort) }),
    start: Math.max(0, (page - 1) * perPage),
    size: perPage,
    aggregations: true,
  };
}

/**
 * What a product tile needs: the worker's first listing stage (spec 000 §4 "Category two-stage caching") and the
 * server's rendered listings ask for these only.
 */
export const LISTING_FIELDS = [
  'id',
  'sku',
  'name',
  'type_id',
  'url_path',
  'url_key',
  'slug',
  'status',
  'visibility',
  'brand',
  'image',
  'small_image',
  'thumbnail',
  'media_gallery',
  ...PRICE_FIELDS,
  'special_from_date',
  'special_to_date',
  'stock',
  'product_labels',
  'sale',
  'new',
  'color',
  'color_options',
  'size_options',
  'category_ids',
];
