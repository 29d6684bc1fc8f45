import { listingState, PAGE_SIZE, type ListingState } from '../../domain/catalog/listing-query.ts';

export { listingState, PAGE_SIZE, type ListingState };

/** Listing state lives in the route query (spec 000 §2): `?sort=price_asc&page=2&color=49,50&price=0-50`. */
export type ListingSearch = Record<string, string | undefined>;

export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const out: ListingSearch = {};
  for (const [k, v] of Object.entries(search)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

/** The query for a changed listing: a filter or sort change goes back to page 1. */
export function withFilter(search: ListingSearch, code: string, value: string): ListingSearch {
  const current = (search[code] ?? '').split(',').filter(Boolean);
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...search, [code]: next.length ? next.join(',') : undefined, page: undefined };
}
