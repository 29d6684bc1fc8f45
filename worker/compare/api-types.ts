/**
 * Compare list contract (spec 000 §1 "compare", §4 logout clears the compare list; spec 001 §1 "a compare list").
 * The list is the device's own (kv `compare`): no server call, the same in every tab, emptied on logout.
 */
import type { Cents } from '../../domain/money.ts';
import type { CommandResult } from '../user/api-types.ts';

export interface CompareState {
  /** Parent skus in the order they were added. */
  skus: string[];
  /** How many fit (domain/catalog/compare-list.ts). */
  limit: number;
}

/** One product's column on the compare page, built in the worker (worker/compare/compare-view.ts). */
export interface CompareColumn {
  sku: string;
  name: string;
  image: string | null;
  /** The product page's path, '/heren-pakken/…'. */
  href: string;
  priceCents: Cents | null;
  /** The special price when it is below the regular one. */
  specialPriceCents: Cents | null;
  colour: string;
  /** The sizes that are in stock, in the catalogue's order. */
  sizes: string[];
  /** attribute_code → the shown value ('Wol', 'Regular fit'); '' when the product has none. */
  attributes: Record<string, string>;
}

export interface CompareTable {
  columns: CompareColumn[];
  /** The catalogue's comparable attributes besides colour and size, in their position order. */
  rows: { code: string; label: string }[];
  /** Skus on the list this device cannot show now (never loaded here and offline, or gone from the catalogue). */
  missing: string[];
  /** True when the products came from the device's catalogue cache because the network is not there. */
  offline: boolean;
}

export interface CompareApi {
  /** Adds a product; the fifth is refused with a message (nothing changes then). */
  addToCompare(sku: string): Promise<CommandResult>;
  removeFromCompare(sku: string): Promise<CommandResult>;
  /** The listed products side by side: network first, the catalogue cache offline. */
  compareProducts(): Promise<CompareTable>;
}

export interface CompareLiveQueries {
  compare: { params: object; value: CompareState };
}
