export type SortDirection = 'asc' | 'desc';

/** The value in the route query (`?sort=price_asc`, spec 000 §2: a listing reads its sort from the route query). */
export type SortId = 'position' | 'latest' | 'price_asc' | 'price_desc';

export interface SortOption {
  id: SortId;
  /** Message key of the app catalogue. */
  labelKey: string;
  /** A sort field of the catalogue search; prices sort on the final price (special price included). */
  field: string;
  direction: SortDirection;
}

/** The default category sort is position ascending (spec 000 §9). */
export const DEFAULT_SORT: SortOption = Object.freeze({
  id: 'position',
  labelKey: 'Position',
  field: 'position',
  direction: 'asc',
});

/** Spec 000 §9 "Sort options": Latest (updated_at desc), Price low to high, Price high to low; plus the default. */
export const SORT_OPTIONS: readonly SortOption[] = Object.freeze([
  DEFAULT_SORT,
  Object.freeze({ id: 'latest', labelKey: 'Latest', field: 'updated_at', direction: 'desc' as const }),
  Object.freeze({ id: 'price_asc', labelKey: 'Price low to high', field: 'final_price', direction: 'asc' as const }),
  Object.freeze({ id: 'price_desc', labelKey: 'Price high to low', field: 'final_price', direction: 'desc' as const }),
]);

/** The sort named by the route query, or the default for a missing or unknown value. */
export function sortOptionFromQuery(value: string | null | undefined): SortOption {
  return SORT_OPTIONS.find((o) => o.id === value) ?? DEFAULT_SORT;
}

/** The catalogue search's sort parameter (spec 000 §7 "/api/catalog … sort"): 'field:direction'. */
export function sortParam(option: SortOption): string {
  return `${option.field}:${option.direction}`;
}
