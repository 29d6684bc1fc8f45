import { LRUCache } from 'lru-cache';
import { canonicalJson } from '../../domain/canonical-json.ts';
import type { Queryable } from '../db/index.ts';

/** One facet value's count: `code` is the attribute code, or PRICE_ROW_CODE with the price bucket's index as `value`. */
export interface FacetCountRow {
  code: string;
  value: string;
  n: number;
}

/** What a set of matches is: the same key is the same products, whatever order the request wrote its filter in. */
export interface MatchSetKey {
  catalogVersion: string;
  /** Shop day: special prices, and so the price buckets, change at midnight. */
  today: string;
  text: string | undefined;
  filter: Record<string, unknown>;
}

/**
 * Sets of matches kept per database. A set's counts are a few dozen rows per facet; 500 sets are a few megabytes and
 * hold every category a few hundred shoppers have open at once.
 */
const MAX_SETS = 500;
const cacheByDb = new WeakMap<Queryable, LRUCache<string, Map<string, FacetCountRow[]>>>();

/**
 * The id of the last transaction that wrote products (migration 095). Counts are kept per version, so a product
 * written (a test's price change, a new seed) is counted afresh by the next search.
 */
export async function readCatalogVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ n: string }>('select n::text as n from catalog_version');
  return rows[0]?.n ?? 'none';
}

/**
 * The counts of `codes` over one set of matches: those counted before for the same set, the others by `count`
 * (asked only for the missing codes) and kept. A shopper who ticks a colour asks for the colours counted without that
 * tick, which are the counts of the category she had open (docs/catalogue-and-search.md "Facets"): at 50 000
 * products that count over a whole category is the listing's most expensive query.
 */
export async function facetCounts(
  db: Queryable,
  key: MatchSetKey,
  codes: string[],
  count: (missing: string[]) => Promise<FacetCountRow[]>,
): Promise<FacetCountRow[]> {
  let cache = cacheByDb.get(db);
  if (!cache) {
    cache = new LRUCache({ max: MAX_SETS });
    cacheByDb.set(db, cache);
  }
  const setKey = canonicalJson(key);
  const known = cache.get(setKey) ?? new Map<string, FacetCountRow[]>();
  const missing = codes.filter((code) => !known.has(code));
  if (missing.length > 0) {
    const rows = await count(missing);
    const rowsOf = (code: string) => rows.filter((r) => r.code === rowCode(code));
    for (const code of missing) known.set(code, rowsOf(code));
    cache.set(setKey, known);
  }
  return codes.flatMap((code) => known.get(code)!);
}

/** The row code of the price facet's buckets (the other facets' rows carry their attribute code). */
export const PRICE_ROW_CODE = '$price';
const rowCode = (code: string) => (code === 'price' ? PRICE_ROW_CODE : code);
