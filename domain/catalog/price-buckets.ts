import { formatDutchEuros } from '../dutch-number.ts';

/** Price filter ranges of spec 000 §9, in euros as the catalogue's price filter takes them. */
export interface PriceBucket {
  from: number;
  /** Exclusive; absent for the open last bucket (150+). */
  to?: number;
}

/** Spec 000 §9 "Price filter ranges 0-50, 50-100, 100-150, 150+", on the final price incl. tax. */
export const PRICE_BUCKETS: readonly PriceBucket[] = Object.freeze([
  { from: 0, to: 50 },
  { from: 50, to: 100 },
  { from: 100, to: 150 },
  { from: 150 },
]);

/** '€ 50' (with the no-break space Intl uses). */
export function formatEuroAmount(euros: number): string {
  return formatDutchEuros(euros, 0);
}

/**
 * Bucket label. Spec 000 §9, taken literally: "'< currency value' for the first and last bucket, otherwise
 * 'from - to'". So the first reads '< € 50', the middle ones '€ 50 - € 100', and the last '< € 150' — its own
 * lower bound with the same sign, as the spec words it. (Vue Storefront, which the spec describes, shows '> € 150'
 * for the last bucket; pass lastSign '>' to get that.)
 */
export function priceBucketLabel(
  index: number,
  buckets: readonly PriceBucket[] = PRICE_BUCKETS,
  lastSign: '<' | '>' = '<',
): string {
  const bucket = buckets[index];
  if (!bucket) throw new RangeError(`no price bucket ${index}`);
  if (index === 0) return `< ${formatEuroAmount(bucket.to ?? bucket.from)}`;
  if (index === buckets.length - 1) return `${lastSign} ${formatEuroAmount(bucket.from)}`;
  return `${formatEuroAmount(bucket.from)} - ${formatEuroAmount(bucket.to ?? bucket.from)}`;
}

/** The label of any bucket: the spec's label for one of the shop's buckets (by its lower bound), else 'from - to'. */
export function priceRangeLabel(bucket: PriceBucket): string {
  const index = PRICE_BUCKETS.findIndex((b) => b.from === bucket.from);
  if (index >= 0) return priceBucketLabel(index);
  return bucket.to === undefined ? `> € ${bucket.from}` : `€ ${bucket.from} - € ${bucket.to}`;
}

/**
 * A bucket from its key, as the catalogue's price aggregation writes it ('0.0-50.0', '150.0-*') or the route query
 * carries it ('0-50', '150-'); null for anything else.
 */
export function priceBucketFromKey(key: string): PriceBucket | null {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?|\*)?$/.exec(key);
  if (!match) return null;
  const from = Number(match[1]);
  return match[2] && match[2] !== '*' ? { from, to: Number(match[2]) } : { from };
}

/** The bucket of a catalogue aggregation entry: its from/to when it has them, else read from its key. */
export function priceBucketOf(entry: { key: string | number; from?: number | null; to?: number | null }): PriceBucket {
  const parsed = priceBucketFromKey(String(entry.key));
  const from = entry.from ?? parsed?.from ?? 0;
  const to = entry.to ?? parsed?.to;
  return to === undefined ? { from: from || 0 } : { from: from || 0, to };
}

/** The catalogue's aggregation key of a bucket: '0.0-50.0', the open last one '150.0-*'. */
export function priceBucketAggregationKey(bucket: PriceBucket): string {
  return `${bucket.from.toFixed(1)}-${bucket.to === undefined ? '*' : bucket.to.toFixed(1)}`;
}

/** The bucket as the route query carries it (spec 000 §2): '0-50', the open last one '150-'. */
export function priceBucketQueryKey(bucket: PriceBucket): string {
  return `${bucket.from}-${bucket.to ?? ''}`;
}

/**
 * Several selected buckets as one range from the lowest start to the highest end (the catalogue filter has no OR
 * between ranges; the shop's buckets are adjacent, so this is exact for neighbouring buckets). Null when none.
 */
export function combinedPriceRange(buckets: readonly PriceBucket[]): PriceBucket | null {
  if (buckets.length === 0) return null;
  const from = Math.min(...buckets.map((b) => b.from));
  const to = Math.max(...buckets.map((b) => b.to ?? Infinity));
  return to === Infinity ? { from } : { from, to };
}

/** The catalogue filter for a bucket: `{ gte, lt? }` on the price (docs/api.md). */
export function priceBucketFilter(bucket: PriceBucket): { gte: number; lt?: number } {
  return bucket.to === undefined ? { gte: bucket.from } : { gte: bucket.from, lt: bucket.to };
}
