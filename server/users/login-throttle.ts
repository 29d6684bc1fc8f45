import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/envelope.ts';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_SECONDS,
  LOOKUPS_PER_ADDRESS,
  addSeconds,
} from './config.ts';

/** Keys in login_attempts: one per account and one per client address (numbers in config.ts). */
const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;
const lookupKey = (ip: string) => `lookup-ip:${ip}`;

/** A 429 with Retry-After: the whole window, the longest a client may have to wait. */
export function tooMany(reply: FastifyReply, message: string): HttpError {
  reply.header('retry-after', String(LOGIN_WINDOW_SECONDS));
  return new HttpError(429, message);
}

/** True when the account or the address has used up its failed logins in the current window. */
export async function isLoginBlocked(db: Queryable, email: string, ip: string, now: Date): Promise<boolean> {
  const since = addSeconds(now, -LOGIN_WINDOW_SECONDS).toISOString();
  const { rows } = await db.query<{ account: number; address: number }>(
    `select
       (select count(*)::int from login_attempts a
         where a.key = $1 and not a.succeeded and a.at > $3 and a.at <= $4
           and a.at > coalesce((select max(s.at) from login_attempts s where s.key = $1 and s.succeeded and s.at <= $4),
                               '-infinity'::timestamptz)) as account,
       (select count(*)::int from login_attempts where key = $2 and not succeeded and at > $3 and at <= $4) as address`,
    [accountKey(email), addressKey(ip), since, now.toISOString()],
  );
  const counts = rows[0];
  return counts.account >= LOGIN_FAILURES_PER_ACCOUNT || counts.address >= LOGIN_FAILURES_PER_ADDRESS;
}

export async function recordLoginAttempt(db: Queryable, email: string, ip: string, succeeded: boolean, now: Date): Promise<void> {
  await db.query(
    `insert into login_attempts (key, succeeded, at) values ($1, $3, $4), ($2, $3, $4)`,
    [accountKey(email), addressKey(ip), succeeded, now.toISOString()],
  );
  // Only the last window matters; a successful login sweeps what is older than a day so the table stays small.
  if (succeeded) {
    await db.query('delete from login_attempts where at < $1', [addSeconds(now, -24 * 3600).toISOString()]);
  }
}

/**
 * Counts a call that reveals (customer-search) or triggers (reset-password) something per e-mail address, and says
 * whether the address is over its limit. Over the limit the call is not counted, so the window can drain.
 */
export async function takeLookup(db: Queryable, ip: string, now: Date): Promise<boolean> {
  const since = addSeconds(now, -LOGIN_WINDOW_SECONDS).toISOString();
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from login_attempts where key = $1 and at > $2 and at <= $3',
    [lookupKey(ip), since, now.toISOString()],
  );
  if (rows[0].n >= LOOKUPS_PER_ADDRESS) return false;
  await db.query('insert into login_attempts (key, succeeded, at) values ($1, true, $2)', [lookupKey(ip), now.toISOString()]);
  return true;
}
