import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/index.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { REFRESH_REUSE_GRACE_SECONDS, REFRESH_TTL_SECONDS, SESSION_TTL_SECONDS, addSeconds } from './config.ts';

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
    [
      hashToken(refreshToken),
      customerId,
      familyId,
      addSeconds(now, REFRESH_TTL_SECONDS).toISOString(),
      now.toISOString(),
    ],
  );
  return { accessToken, refreshToken, sessionExpires };
}

/** Revokes every access and refresh token of one login session. */
export async function revokeFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.query('update refresh_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [
    familyId,
    at,
  ]);
  await db.query('update auth_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null', [familyId, at]);
}

/** Revokes all sessions of a customer, except `keepFamily` (the session that changed the password). */
export async function revokeCustomerSessions(
  db: Queryable,
  customerId: number,
  now: Date,
  keepFamily?: string,
): Promise<void> {
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
 *
 * Except for a retry whose answer was lost: within REFRESH_REUSE_GRACE_SECONDS of the first use, while the family is
 * live and nothing issued since was used, the token rotates again and the pair issued at its earlier use(s) is
 * revoked (nobody received it), so a family never has more than one live refresh token.
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

    // Row lock: two retries arriving together must not both rotate and leave two live tokens.
    const known = await tx.query<{
      customer_id: number;
      family_id: string;
      used_at: Date | string | null;
      revoked_at: Date | string | null;
      expires_at: Date | string;
    }>(
      'select customer_id, family_id, used_at, revoked_at, expires_at from refresh_tokens where token_hash = $1 for update',
      [hash],
    );
    const token = known.rows[0];
    if (token?.used_at == null) return { ok: false, reused: false };

    const usedAt = new Date(token.used_at);
    if (await isRetryOfLostAnswer(tx, token, usedAt, now)) {
      // Everything issued after the first use went only into lost answers; the family stays one live session.
      const at = now.toISOString();
      await tx.query(
        `update refresh_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null and token_hash <> $3`,
        [token.family_id, at, hash],
      );
      await tx.query(
        `update auth_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null and created_at >= $3`,
        [token.family_id, at, usedAt.toISOString()],
      );
      return { ok: true, session: await issueSession(tx, token.customer_id, now, token.family_id) };
    }
    await revokeFamily(tx, token.family_id, now);
    return { ok: false, reused: true };
  });
}

async function isRetryOfLostAnswer(
  tx: Queryable,
  token: { family_id: string; revoked_at: Date | string | null; expires_at: Date | string },
  usedAt: Date,
  now: Date,
): Promise<boolean> {
  if (token.revoked_at != null || new Date(token.expires_at) <= now) return false;
  const sinceFirstUse = now.getTime() - usedAt.getTime();
  if (sinceFirstUse < 0 || sinceFirstUse > REFRESH_REUSE_GRACE_SECONDS * 1000) return false;
  // A successor that was itself used proves the first answer did arrive: then this reuse is a copy after all.
  const { rows } = await tx.query(
    `select 1 from refresh_tokens where family_id = $1 and used_at is not null and created_at >= $2 limit 1`,
    [token.family_id, usedAt.toISOString()],
  );
  return rows.length === 0;
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
  return row
    ? { customerId: row.customer_id, familyId: row.family_id, sessionExpires: new Date(row.expires_at) }
    : null;
}
