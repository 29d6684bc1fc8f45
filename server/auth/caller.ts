import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/envelope.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { resolveAccessToken, tokenFromRequest } from './tokens.ts';

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
  if (!owner) throw new HttpError(401, AUTH_MESSAGES.invalidToken);
  return { customerId: owner.customerId };
}
