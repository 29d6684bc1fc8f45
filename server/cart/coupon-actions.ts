import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/envelope.ts';
import { fieldOf } from '../http/field-of.ts';
import type { CartRow } from '../pricing/cart-row.ts';
import { cartPricingContext, loadPricedLines } from './cart-lines.ts';
import { requireCoupon } from '../pricing/coupons.ts';
import { CART_MESSAGES } from '../pricing/messages.ts';

async function couponContext(db: Queryable, cart: CartRow, now: Date) {
  const lines = await loadPricedLines(db, cart, await cartPricingContext(db, cart, now));
  return { customerId: cart.customer_id, lines, now };
}

/**
 * Only one coupon may be active (spec 001 §5): applying a different code while one is active is a 400 telling the
 * shopper to remove it first — the client's "authorize" flow removes and re-applies explicitly. Re-applying the
 * active code answers true, so a retried task is harmless.
 */
export async function applyCoupon(db: Queryable, cart: CartRow, code: string, now: Date): Promise<true> {
  const rule = await requireCoupon(db, code, await couponContext(db, cart, now));
  if (cart.coupon_code && cart.coupon_code.toUpperCase() !== rule.code.toUpperCase()) {
    throw badRequest(CART_MESSAGES.couponAlreadyActive);
  }
  await db.query('update carts set coupon_code = $1, updated_at = now() where id = $2', [rule.code, cart.id]);
  return true;
}

export async function deleteCoupon(db: Queryable, cart: CartRow): Promise<true> {
  await db.query('update carts set coupon_code = null, updated_at = now() where id = $1', [cart.id]);
  return true;
}

/** Discount codes (apply-discount) stack with each other and the coupon; each must be valid on its own. */
export async function applyDiscounts(db: Queryable, cart: CartRow, codes: string[], now: Date): Promise<true> {
  const context = await couponContext(db, cart, now);
  const accepted = [...cart.discount_codes];
  for (const code of codes) {
    const rule = await requireCoupon(db, code, context);
    if (!accepted.some((c) => c.toUpperCase() === rule.code.toUpperCase())) accepted.push(rule.code);
  }
  await db.query('update carts set discount_codes = $1::text[], updated_at = now() where id = $2', [accepted, cart.id]);
  return true;
}

/** Removes the given discount codes, or all of them when none are named. */
export async function deleteDiscounts(db: Queryable, cart: CartRow, codes: string[]): Promise<true> {
  const drop = new Set(codes.map((c) => c.toUpperCase()));
  const kept = drop.size === 0 ? [] : cart.discount_codes.filter((c) => !drop.has(c.toUpperCase()));
  await db.query('update carts set discount_codes = $1::text[], updated_at = now() where id = $2', [kept, cart.id]);
  return true;
}

/**
 * The list body of apply-shop-coupon / delete-shop-coupon (spec 000 §7 "the coupon body is a list of codes"):
 * `{ coupons: ['A'] }`, `{ coupon: ['A'] }`, `{ codes: ['A'] }` or a bare `['A']`.
 */
/** delete-discount's optional body `{ discount: [{ code }] }`: the codes to remove, none meaning all. */
export function discountCodesToDelete(body: unknown): string[] {
  if (!body || typeof body !== 'object' || !('discount' in body) || !Array.isArray(body.discount)) return [];
  return body.discount
    .map((d: unknown) => (d && typeof d === 'object' && 'code' in d ? d.code : undefined))
    .filter((c): c is string => typeof c === 'string');
}

export function couponList(body: unknown): string[] {
  const raw = Array.isArray(body)
    ? body
    : (fieldOf(body, 'coupons') ?? fieldOf(body, 'coupon') ?? fieldOf(body, 'codes'));
  if (raw === undefined) return [];
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list) || list.some((c) => typeof c !== 'string' || c.trim() === '')) {
    throw badRequest('body.coupons must be a list of coupon codes');
  }
  return list.map((c: string) => c.trim());
}

/** apply-shop-coupon: the one-coupon rule holds, so the list carries exactly one code. */
export async function applyShopCoupons(db: Queryable, cart: CartRow, codes: string[], now: Date): Promise<true> {
  if (codes.length === 0) throw badRequest('body.coupons is required');
  if (codes.length > 1) throw badRequest(CART_MESSAGES.couponListTooLong);
  return applyCoupon(db, cart, codes[0], now);
}

/** delete-shop-coupon: removes the coupon when it is in the list (or when the list is empty). */
export async function deleteShopCoupons(db: Queryable, cart: CartRow, codes: string[]): Promise<true> {
  if (
    codes.length === 0 ||
    (cart.coupon_code && codes.some((c) => c.toUpperCase() === cart.coupon_code!.toUpperCase()))
  ) {
    return deleteCoupon(db, cart);
  }
  return true;
}
