import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/envelope.ts';
import { CART_MESSAGES } from './messages.ts';
import { lineQualifies, type DiscountRule, type PricedLine } from './totals.ts';

/** A `coupons` row: judged here, listed in the customer's overview by users/. */
export interface CouponRow {
  code: string;
  kind: string;
  description: string;
  discount_type: 'percent' | 'fixed';
  discount_value: number;
  min_subtotal_cents: number;
  category_ids: number[] | null;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
  is_active: boolean;
  customer_id: number | null;
}

export type CouponVerdict = { ok: true; rule: DiscountRule } | { ok: false; message: string };

/**
 * Whether a code may discount this cart now (spec 001 §8 coupon errors): unknown, inactive or outside its window →
 * not valid; a personal coupon of someone else, or one the customer already used → not authorized; category or
 * minimum subtotal not met → "items in your cart do not match the coupons requirements".
 */
export async function judgeCoupon(
  db: Queryable,
  code: string,
  context: { customerId: number | null; lines: PricedLine[]; now: Date },
): Promise<CouponVerdict> {
  const { rows } = await db.query<Omit<CouponRow, 'description'>>(
    `select code, kind, discount_type, discount_value, min_subtotal_cents, category_ids, valid_from, valid_to,
            is_active, customer_id
       from coupons where upper(code) = upper($1)`,
    [code.trim()],
  );
  const coupon = rows[0];
  const now = context.now.getTime();
  if (!coupon || !coupon.is_active) return { ok: false, message: CART_MESSAGES.couponInvalid };
  if (coupon.valid_from && new Date(coupon.valid_from).getTime() > now)
    return { ok: false, message: CART_MESSAGES.couponInvalid };
  if (coupon.valid_to && new Date(coupon.valid_to).getTime() < now)
    return { ok: false, message: CART_MESSAGES.couponInvalid };
  if (coupon.customer_id !== null && coupon.customer_id !== context.customerId) {
    return { ok: false, message: CART_MESSAGES.couponNotAuthorized };
  }
  if (context.customerId !== null) {
    const { rows: used } = await db.query<{ used_at: Date | null }>(
      'select used_at from customer_coupons where customer_id = $1 and coupon_code = $2',
      [context.customerId, coupon.code],
    );
    if (used[0]?.used_at) return { ok: false, message: CART_MESSAGES.couponNotAuthorized };
  }
  const rule: DiscountRule = {
    code: coupon.code,
    discountType: coupon.discount_type,
    discountValue: coupon.discount_value,
    categoryIds: coupon.category_ids && coupon.category_ids.length > 0 ? coupon.category_ids : null,
  };
  const subtotal = context.lines.reduce((a, l) => a + l.unitInclCents * l.qty, 0);
  const qualifying = context.lines.filter((l) => lineQualifies(l, rule));
  if (qualifying.length === 0 || subtotal < coupon.min_subtotal_cents) {
    return { ok: false, message: CART_MESSAGES.couponRequirements };
  }
  return { ok: true, rule };
}

/** Throws the verdict's message as a 404, the answer the client turns into a totals refresh and a notice (spec 000 §7). */
export async function requireCoupon(
  db: Queryable,
  code: string,
  context: { customerId: number | null; lines: PricedLine[]; now: Date },
): Promise<DiscountRule> {
  const verdict = await judgeCoupon(db, code, context);
  if (!verdict.ok) throw new HttpError(404, verdict.message);
  return verdict.rule;
}

/**
 * The rules that discount the cart right now. A stored code that no longer qualifies (expired, subtotal dropped below
 * its minimum) stays stored — it counts again once the cart qualifies — but discounts nothing meanwhile.
 */
export async function activeDiscounts(
  db: Queryable,
  codes: string[],
  context: { customerId: number | null; lines: PricedLine[]; now: Date },
): Promise<DiscountRule[]> {
  const rules: DiscountRule[] = [];
  for (const code of codes) {
    const verdict = await judgeCoupon(db, code, context);
    if (verdict.ok) rules.push(verdict.rule);
  }
  return rules;
}
