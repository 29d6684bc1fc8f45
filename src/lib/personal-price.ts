import type { Cents } from '../../domain/money.ts';
import { sharedLiveQuery } from './shared-live-query.ts';

/** The session, one subscription for every tile of a listing that asks for a personal price. */
const useSession = sharedLiveQuery({ name: 'user' });

/**
 * The logged-in member's personal price for a product or variant (spec 000 §6 "Personal pricing … for logged-in
 * clients"), in cents; null for a guest or without one. The worker reads the member's prices after login and the
 * server's cart charges the same price (docs/customer-account.md "Personal prices").
 */
export function usePersonalPrice(...skus: (string | undefined)[]): Cents | null {
  const prices = useSession()?.personalPrices;
  for (const sku of skus) if (sku && prices?.[sku] !== undefined) return prices[sku];
  return null;
}
