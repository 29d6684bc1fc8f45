import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';

/** Opaque random token (URL-safe). Only its hash is ever stored. */
export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A string parameter of the request's query, whatever route (and query schema) it came through. */
export function queryParameter(request: FastifyRequest, name: string): string | undefined {
  const query: unknown = request.query;
  if (!query || typeof query !== 'object') return undefined;
  const value: unknown = Reflect.get(query, name);
  return typeof value === 'string' ? value : undefined;
}

/** The customer token of a request: `?token=` (the spec's rule) or `Authorization: Bearer`. */
export function tokenFromRequest(request: FastifyRequest): string | undefined {
  const fromQuery = queryParameter(request, 'token');
  if (fromQuery) return fromQuery;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return undefined;
}

export interface TokenOwner {
  customerId: number;
  expiresAt: Date;
}

/**
 * Resolves an access token to its customer, or null when unknown, expired or revoked. `now` is the server's clock
 * (`app.now()`, which tests move); without it the database clock decides.
 */
export async function resolveAccessToken(
  db: Queryable,
  token: string | undefined,
  now?: Date,
): Promise<TokenOwner | null> {
  if (!token) return null;
  const { rows } = await db.query<{ customer_id: number; expires_at: Date }>(
    `select customer_id, expires_at from auth_tokens
      where token_hash = $1 and revoked_at is null and expires_at > coalesce($2::timestamptz, now())`,
    [hashToken(token), now ? now.toISOString() : null],
  );
  const row = rows[0];
  return row ? { customerId: row.customer_id, expiresAt: new Date(row.expires_at) } : null;
}
