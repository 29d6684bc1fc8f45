export type SortDirection = 'asc' | 'desc';

export interface SortOption {
  /** The value in the route query (?sort=…). */
  id: string;
  /** Message key of the app catalogue. */
  labelKey: string;
  field: string;
  direction: SortDirection;
}

/** The default category sort is position ascending (spec 000 §9). */
export const DEFAULT_SORT: SortOption = Object.freeze({ id: 'position', labelKey: 'Position', field: 'position', direction: 'asc' });

/** Spec 000 §9: Latest (updated_at desc), Price low to high, Price high to low; plus the default. */
export const SORT_OPTIONS: readonly SortOption[] = Object.freeze([
  DEFAULT_SORT,
  Object.freeze({ id: 'latest', labelKey: 'Latest', field: 'updated_at', direction: 'desc' as const }),
  Object.freeze({ id: 'price-asc', labelKey: 'Price low to high', field: 'price_incl_tax', direction: 'asc' as const }),
  Object.freeze({ id: 'price-desc', labelKey: 'Price high to low', field: 'price_incl_tax', direction: 'desc' as const }),
]);

/** The sort named by the route query, or the default for a missing or unknown value. */
export function sortOptionFromQuery(value: string | null | undefined): SortOption {
  return SORT_OPTIONS.find((o) => o.id === value) ?? DEFAULT_SORT;
}

/** The catalogue search's sort clause: `{ [field]: direction }`. */
export function sortClause(option: SortOption): Record<string, SortDirection> {
  return { [option.field]: option.direction };
}
