/** Price filter ranges of spec 000 §9, in euros as the catalogue's price_incl_tax filter takes them. */
export interface PriceBucket {
  from: number;
  /** Exclusive; absent for the open last bucket (150+). */
  to?: number;
}

export const PRICE_BUCKETS: readonly PriceBucket[] = Object.freeze([
  { from: 0, to: 50 },
  { from: 50, to: 100 },
  { from: 100, to: 150 },
  { from: 150 },
]);

const wholeEuros = new Intl.NumberFormat('nl-NL', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** '€ 50' (with the no-break space Intl uses). */
export function formatEuroAmount(euros: number): string {
  return wholeEuros.format(euros);
}

/**
 * Bucket label. Spec 000 §9, taken literally: "'< currency value' for the first and last bucket, otherwise
 * 'from - to'". So the first reads '< € 50', the middle ones '€ 50 - € 100', and the last '< € 150' — its own
 * lower bound with the same sign, as the spec words it. (Vue Storefront, which the spec describes, shows '> € 150'
 * for the last bucket; pass lastSign '>' to get that.)
 */
export function priceBucketLabel(index: number, buckets: readonly PriceBucket[] = PRICE_BUCKETS, lastSign: '<' | '>' = '<'): string {
  const bucket = buckets[index];
  if (!bucket) throw new RangeError(`no price bucket ${index}`);
  if (index === 0) return `< ${formatEuroAmount(bucket.to ?? bucket.from)}`;
  if (index === buckets.length - 1) return `${lastSign} ${formatEuroAmount(bucket.from)}`;
  return `${formatEuroAmount(bucket.from)} - ${formatEuroAmount(bucket.to ?? bucket.from)}`;
}

/** The bucket index a price falls in (from inclusive, to exclusive), or -1 for a negative price. */
export function priceBucketIndex(euros: number, buckets: readonly PriceBucket[] = PRICE_BUCKETS): number {
  return buckets.findIndex((b) => euros >= b.from && (b.to === undefined || euros < b.to));
}

/** The catalogue filter for a bucket: `{ gte, lt? }` on price_incl_tax (DESIGN.md "The server API"). */
export function priceBucketFilter(bucket: PriceBucket): { gte: number; lt?: number } {
  return bucket.to === undefined ? { gte: bucket.from } : { gte: bucket.from, lt: bucket.to };
}
