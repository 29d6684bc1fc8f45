import { PRICE_BUCKETS, priceBucketLabel as domainLabel } from '../../../domain/catalog/price-buckets.ts';
import type { AggregationBucket } from '../../../worker/api-types.ts';

function bounds(bucket: AggregationBucket): { from: number; to?: number } {
  const [fromRaw, toRaw] = String(bucket.key).split('-');
  const from = bucket.from ?? (fromRaw ? Number(fromRaw) : 0);
  const to = bucket.to ?? (toRaw && toRaw !== '*' ? Number(toRaw) : undefined);
  return { from: from || 0, to: to ?? undefined };
}

/** The spec's label for an API price bucket (spec 000 §9, shared domain rule), by its place among the shop's buckets. */
export function priceBucketLabel(bucket: AggregationBucket): string {
  const { from, to } = bounds(bucket);
  const index = PRICE_BUCKETS.findIndex((b) => b.from === from);
  if (index >= 0) return domainLabel(index);
  return to === undefined ? `> € ${from}` : `€ ${from} - € ${to}`;
}

/** The bucket as the route query carries it: '0.0-50.0' → '0-50', '150.0-*' → '150-'. */
export function priceBucketKey(bucket: AggregationBucket): string {
  const { from, to } = bounds(bucket);
  return `${from}-${to ?? ''}`;
}
