import { sortOptionFromQuery, sortParam } from '../../domain/catalog/sort-options.ts';
import type { CategoryListingQuery, FilterValue, ProductSearchQuery } from '../api-types.ts';

/** Spec 000 §5 "Product listing base filter: visibility in 2, 3, 4 and status in 0, 1". */
export const LISTING_BASE_FILTER: Record<string, FilterValue> = {
  visibility: { in: [2, 3, 4] },
  status: { in: [0, 1] },
};

/** Spec 000 §9 "Price filter ranges 0-50, 50-100, 100-150, 150+" as the route query carries them. */
export const PRICE_BUCKETS = ['0-50', '50-100', '100-150', '150-'] as const;

/**
 * Several selected price buckets become one range from the lowest start to the highest end (the API's filter has
 * no OR between ranges; the shop's buckets are adjacent, so this is exact for neighbouring buckets).
 */
export function priceFilter(buckets: string[]): FilterValue | null {
  let from = Infinity;
  let to = -Infinity;
  for (const bucket of buckets) {
    const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?|\*)?$/.exec(bucket.replace(/\.0\b/g, ''));
    if (!match) continue;
    from = Math.min(from, Number(match[1]));
    to = Math.max(to, match[2] && match[2] !== '*' ? Number(match[2]) : Infinity);
  }
  if (from === Infinity) return null;
  return to === Infinity ? { gte: from } : { gte: from, lt: to };
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
