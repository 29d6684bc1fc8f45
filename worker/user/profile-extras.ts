import { toCents, type Cents } from '../../domain/money.ts';
import type { Envelope } from '../queue/types.ts';
import type { Customer, EngagementContact } from './api-types.ts';

const USER = '/api/ext/shop/user';

type Call = (url: string) => Promise<Envelope>;

/**
 * GET personal-pricing/client (spec 000 §7: "result.ppr_coupon_result, a list of JSON strings"): sku → the member's
 * personal price in cents. The server lists only prices below today's shop price, the price its cart charges them at.
 * Null when there was no usable answer (the stored list stays).
 */
export async function readPersonalPrices(call: Call): Promise<Record<string, Cents> | null> {
  const res = await call(`${USER}/personal-pricing/client?token={{token}}`);
  const list = res.code === 200 ? (res.result as { ppr_coupon_result?: unknown } | null)?.ppr_coupon_result : null;
  if (!Array.isArray(list)) return null;
  const prices: Record<string, Cents> = {};
  for (const entry of list) {
    try {
      const { sku, personal_price } = JSON.parse(String(entry)) as { sku?: unknown; personal_price?: unknown };
      if (typeof sku === 'string' && typeof personal_price === 'number') prices[sku] = toCents(personal_price);
    } catch {
      // one unreadable entry costs only that price
    }
  }
  return prices;
}

/**
 * Spec 001 §4 "Engagement: the contact id is fetched after the profile loads, using the user's external_id" (§7 "GET
 * engagement contact id | customKey query"). The overview already read is kept while the id stays the same.
 */
export async function readContact(
  call: Call,
  customer: Customer,
  known: EngagementContact | null,
): Promise<EngagementContact | null> {
  if (!customer.external_id) return null;
  const res = await call(
    `${USER}/engagement/contact-id?token={{token}}&customKey=${encodeURIComponent(customer.external_id)}`,
  );
  if (res.code !== 200 || typeof res.result !== 'string') return null;
  return { contactId: res.result, enrichedData: known?.contactId === res.result ? known.enrichedData : null };
}
