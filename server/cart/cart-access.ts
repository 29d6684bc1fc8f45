import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { callerOf, type Caller } from '../auth/caller.ts';
import { queryParameter } from '../auth/tokens.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import type { CartRow } from '../pricing/cart-row.ts';
import { CART_MESSAGES } from '../pricing/messages.ts';

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
  const cartId = queryParameter(request, 'cartId');
  if (!cartId) throw badRequest('querystring.cartId is required');
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
