import {
  combinedPriceRange,
  priceBucketFilter,
  priceBucketFromKey,
  type PriceBucket,
} from '../../domain/catalog/price-buckets.ts';
import { DEFAULT_SORT, sortOptionFromQuery, sortParam } from '../../domain/catalog/sort-options.ts';
import type { CategoryListingQuery, FilterValue, ProductSearchQuery, TextSearchRefinement } from '../api-types.ts';

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
export function categoryListingBody(query: CategoryListingQuery, defaultSize: number): ProductSearchQuery {
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

/**
 * Spec 001 §5: "Search page size at most 0 becomes 50 and start below 0 becomes 0". Without a chosen sort the
 * results keep the search's relevance order.
 */
export function textSearchBody(
  text: string,
  page = 1,
  size = 50,
  refine: TextSearchRefinement = {},
): ProductSearchQuery {
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
