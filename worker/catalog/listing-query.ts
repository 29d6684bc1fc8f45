import {
  combinedPriceRange,
  priceBucketFilter,
  priceBucketFromKey,
  type PriceBucket,
} from '../../domain/catalog/price-buckets.ts';
import { sortOptionFromQuery, sortParam } from '../../domain/catalog/sort-options.ts';
import type { CategoryListingQuery, FilterValue, ProductSearchQuery } from '../api-types.ts';

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

/** The search body for a category page: base filter, category, route-query filters, sort and paging. */
export function categoryListingBody(query: CategoryListingQuery, defaultSize: number): ProductSearchQuery {
  const size = query.size && query.size > 0 ? query.size : defaultSize;
  const page = query.page && query.page > 0 ? query.page : 1;
  const filter: Record<string, FilterValue> = { ...LISTING_BASE_FILTER, category_ids: { in: [query.categoryId] } };
  for (const [code, values] of Object.entries(query.filters ?? {})) {
    if (!values.length) continue;
    if (code === 'price') {
      const range = priceFilter(values);
      if (range) filter.final_price = range;
    } else {
      filter[code] = { in: values.map(String) };
    }
  }
  return {
    filter,
    sort: sortParam(sortOptionFromQuery(query.sort)),
    start: (page - 1) * size,
    size,
    aggregations: true,
  };
}

/** Spec 001 §5: "Search page size at most 0 becomes 50 and start below 0 becomes 0". */
export function textSearchBody(text: string, page = 1, size = 50): ProductSearchQuery {
  const perPage = size > 0 ? size : 50;
  return {
    text: text.trim(),
    filter: { ...LISTING_BASE_FILTER },
    start: Math.max(0, (page - 1) * perPage),
    size: perPage,
    aggregations: true,
  };
}
