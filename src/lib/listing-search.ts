import { sortOptionFromQuery, type SortId } from '../../domain/catalog/sort-options.ts';

/** Listing state lives in the route query (spec 000 §2): `?sort=price_asc&page=2&color=49,50&price=0-50`. */
export type ListingSearch = Record<string, string | undefined>;

/** Products per listing page. */
export const PAGE_SIZE = 24;

const RESERVED = new Set(['sort', 'page', 'q']);

export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const out: ListingSearch = {};
  for (const [k, v] of Object.entries(search)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

export interface ListingState {
  sort: SortId;
  page: number;
  q?: string;
  filters: Record<string, string[]>;
}

export function listingState(search: ListingSearch): ListingState {
  const filters: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(search)) {
    if (!RESERVED.has(k) && v) filters[k] = v.split(',').filter(Boolean);
  }
  const sort = sortOptionFromQuery(search.sort).id;
  const page = Math.max(1, Number.parseInt(search.page ?? '1', 10) || 1);
  return { sort, page, q: search.q, filters };
}

/** The query for a changed listing: a filter or sort change goes back to page 1. */
export function withFilter(search: ListingSearch, code: string, value: string): ListingSearch {
  const current = (search[code] ?? '').split(',').filter(Boolean);
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...search, [code]: next.length ? next.join(',') : undefined, page: undefined };
}
