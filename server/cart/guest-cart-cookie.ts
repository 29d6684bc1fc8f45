import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';

/**
 * The guest's cart remembered by the server (docs/offline-and-storage.md "When the device's storage is wiped"): an
 * HttpOnly, SameSite=Lax cookie per store view holding the guest cart's id, set when the guest cart is created. A
 * device whose database is gone (Safari's 7-day rule, a cleared site) asks for it at start. Script-written storage
 * and cookies are capped at 7 days by Safari; a cookie the server sets is not. Only an active cart without a customer
 * is ever answered: a member's cart comes back by logging in, never through this cookie.
 */
const cookieName = (storeCode: string) => `ofm_guest_cart_${storeCode}`;
const COOKIE_PATH = '/api/ext/shop/cart';
/** Chromium keeps a cookie at most 400 days. */
const MAX_AGE_SECONDS = 400 * 86_400;

function attributes(request: FastifyRequest, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function rememberGuestCart(request: FastifyRequest, reply: FastifyReply, storeCode: string, cartId: string) {
  reply.header('set-cookie', `${cookieName(storeCode)}=${cartId}; ${attributes(request, MAX_AGE_SECONDS)}`);
}

export function forgetGuestCart(request: FastifyRequest, reply: FastifyReply, storeCode: string) {
  reply.header('set-cookie', `${cookieName(storeCode)}=; ${attributes(request, 0)}`);
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || null;
  }
  return null;
}

/** The remembered guest cart of the store view, if it is still an active guest cart there. */
export async function rememberedGuestCart(
  db: Queryable,
  request: FastifyRequest,
  storeCode: string,
): Promise<string | null> {
  const cartId = cookieValue(request, cookieName(storeCode));
  if (!cartId || cartId.length > 128) return null;
  const { rows } = await db.query<{ cart_id: string }>(
    'select cart_id from carts where cart_id = $1 and customer_id is null and is_active and store_code = $2',
    [cartId, storeCode],
  );
  return rows[0]?.cart_id ?? null;
}
