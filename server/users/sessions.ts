import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/index.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { REFRESH_TTL_SECONDS, SESSION_TTL_SECONDS, addSeconds } from './config.ts';

/**
 * A login session: an access token (short, sliding) and a refresh token (30 days, rotated on use) sharing one
 * family id. Only SHA-256 hashes are stored, so a database leak yields no usable token.
 */
export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  sessionExpires: Date;
}

export async function issueSession(
  db: Queryable,
  customerId: number,
  now: Date,
  familyId: string = randomUUID(),
): Promise<IssuedSession> {
  const accessToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  const sessionExpires = addSeconds(now, SESSION_TTL_SECONDS);
  await db.query(
    `insert into auth_tokens (token_hash, customer_id, expires_at, family_id, created_at) values ($1, $2, $3, $4, $5)`,
    [hashToken(accessToken), customerId, sessionExpires.toISOString(), familyId, now.toISOString()],
  );
  await db.query(
    `insert into refresh_tokens (token_hash, customer_id, family_id, expires_at, created_at) values ($1, $2, $3, $4, $5)`,
    [hashToken(refreshToken), customerId, familyId, addSeconds(now, REFRESH_TTL_SECONDS).toISOString(), now.toISOString()],
  );
  return { accessToken, refreshToken, sessionExpires };
}

/** Revokes every access and refresh token of one login session. */
export async function revokeFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.query('update refresh_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [familyId, at]);
  await db.query('update auth_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [familyId, at]);
}

/** Revokes all sessions of a customer, except `keepFamily` (the session that changed the password). */
export async function revokeCustomerSessions(db: Queryable, customerId: number, now: Date, keepFamily?: string): Promise<void> {
  const at = now.toISOString();
  const keep = keepFamily ?? null;
  await db.query(
    `update refresh_tokens set revoked_at = $2
      where customer_id = $1 and revoked_at is null and ($3::text is null or family_id <> $3)`,
    [customerId, at, keep],
  );
  await db.query(
    `update auth_tokens set revoked_at = $2
      where customer_id = $1 and revoked_at is null and ($3::text is null or family_id is distinct from $3)`,
    [customerId, at, keep],
  );
}

export type RefreshOutcome = { ok: true; session: IssuedSession } | { ok: false; reused: boolean };

/**
 * Rotates a refresh token: the presented one is marked used and a new pair of the same family is issued. Presenting
 * a token that was already used means it was copied (OAuth 2.0 Security BCP, refresh token rotation): the whole
 * family is revoked, including the access tokens issued from it, so both the thief and the victim must log in again.
 */
export async function rotateRefreshToken(db: Database, refreshToken: string, now: Date): Promise<RefreshOutcome> {
  const hash = hashToken(refreshToken);
  return db.transaction(async (tx) => {
    const claimed = await tx.query<{ customer_id: number; family_id: string }>(
      `update refresh_tokens set used_at = $2
        where token_hash = $1 and used_at is null and revoked_at is null and expires_at > $2
        returning customer_id, family_id`,
      [hash, now.toISOString()],
    );
    const row = claimed.rows[0];
    if (row) return { ok: true, session: await issueSession(tx, row.customer_id, now, row.family_id) };

    const known = await tx.query<{ family_id: string; used_at: Date | null }>(
      'select family_id, used_at from refresh_tokens where token_hash = $1',
      [hash],
    );
    const reused = known.rows[0]?.used_at != null;
    if (reused) await revokeFamily(tx, known.rows[0].family_id, now);
    return { ok: false, reused };
  });
}

/**
 * Slides the access token's expiry to now + SESSION_TTL and tells which session it belongs to. Returns null when the
 * token is not (or no longer) valid at `now`.
 */
export async function touchAccessToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ customerId: number; familyId: string | null; sessionExpires: Date } | null> {
  const slidTo = addSeconds(now, SESSION_TTL_SECONDS);
  const { rows } = await db.query<{ customer_id: number; family_id: string | null; expires_at: Date | string }>(
    `update auth_tokens set expires_at = greatest(expires_at, $3::timestamptz)
      where token_hash = $1 and revoked_at is null and expires_at > $2
      returning customer_id, family_id, expires_at`,
    [hashToken(token), now.toISOString(), slidTo.toISOString()],
  );
  const row = rows[0];
  return row ? { customerId: row.customer_id, familyId: row.family_id, sessionExpires: new Date(row.expires_at) } : null;
}
