import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { resolveAccessToken, tokenFromRequest } from '../auth/tokens.ts';
import { HttpError, badRequest, notFound } from '../http/envelope.ts';
import { CART_MESSAGES } from './messages.ts';

export interface CartRow {
  id: number;
  cart_id: string;
  customer_id: number | null;
  store_code: string;
  is_active: boolean;
  coupon_code: string | null;
  discount_codes: string[];
  shipping_carrier_code: string | null;
  shipping_method_code: string | null;
  shipping_address: Record<string, unknown> | null;
  billing_address: Record<string, unknown> | null;
  payment_method: string | null;
  /** The storefront's default country (joined from store_views), when loaded. */
  default_country?: string;
}

/** The caller of a request: a customer (valid token) or a guest (no token). */
export interface Caller {
  customerId: number | null;
}

/**
 * A token that is present but unknown, expired or revoked is a 401, never a silent guest: the client's token
 * refresh (spec 000 §4 "Token invalidation") and its guest-cart bypass (§4 "Cart connect") both start from that 401.
 */
export async function callerOf(db: Queryable, request: FastifyRequest, now: Date): Promise<Caller> {
  const token = tokenFromRequest(request);
  if (!token) return { customerId: null };
  const owner = await resolveAccessToken(db, token, now);
  if (!owner) throw new HttpError(401, CART_MESSAGES.invalidToken);
  return { customerId: owner.customerId };
}

/**
 * The active cart named by `?cartId=`, if the caller may use it. Access model:
 * - a customer cart only with that customer's token;
 * - a guest cart is bearer-by-id: its id is 256 random bits, so holding it is the permission (anyone with the id may
 *   use it, with or without a token; the client merges it into the customer cart after login);
 * - everything else (unknown id, another customer's cart, an inactive cart after the order was placed) is 404, the
 *   answer on which the client creates a new cart (spec 000 §4 "Sync").
 */
export async function requireCart(
  db: Queryable,
  request: FastifyRequest,
  now: Date,
  forUpdate = false,
): Promise<{ cart: CartRow; caller: Caller }> {
  const caller = await callerOf(db, request, now);
  const cartId = (request.query as Record<string, unknown> | undefined)?.cartId;
  if (typeof cartId !== 'string' || cartId === '') throw badRequest('querystring.cartId is required');
  const { rows } = await db.query<CartRow>(
    `select c.id, c.cart_id, c.customer_id, c.store_code, c.is_active, c.coupon_code, c.discount_codes,
            c.shipping_carrier_code, c.shipping_method_code, c.shipping_address, c.billing_address, c.payment_method,
            s.default_country
       from carts c join store_views s on s.code = c.store_code
      where c.cart_id = $1 and c.is_active${forUpdate ? ' for update of c' : ''}`,
    [cartId],
  );
  const cart = rows[0];
  if (!cart) throw notFound(CART_MESSAGES.cartNotFound);
  if (cart.customer_id !== null && cart.customer_id !== caller.customerId) throw notFound(CART_MESSAGES.cartNotFound);
  return { cart, caller };
}
