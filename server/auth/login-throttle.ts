import type { FastifyReply } from 'fastify';
import type { Database, Queryable } from '../db/index.ts';
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

/**
 * Attempts are counted up to this far past the caller's own clock: a parallel attempt that read its clock a moment
 * later (or on another instance) and took the lock first recorded a slightly later time, and must still count. The
 * upper bound itself keeps attempts recorded on a clock far ahead (tests run on clocks days apart) out of the window.
 */
const CONCURRENT_SKEW_SECONDS = 300;

/**
 * A 429 with Retry-After: the whole window, the longest a client may have to wait. The route that refuses counts it
 * (metrics/counters.ts `countLoginThrottled`): auth/ stays below metrics and the areas.
 */
export function tooMany(reply: FastifyReply, message: string): HttpError {
  reply.header('retry-after', String(LOGIN_WINDOW_SECONDS));
  return new HttpError(429, message);
}

/**
 * Serialises the attempts on these keys until the transaction ends — across connections and across server instances,
 * since the lock lives in the database. The keys are always taken in the same order (account before address), so two
 * attempts can never wait on each other in a cycle.
 */
async function lockKeys(tx: Queryable, keys: string[]): Promise<void> {
  for (const key of keys) await tx.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
}

/** A login check reserved before the slow password hash; settle it with its outcome. */
export interface LoginReservation {
  ids: number[];
}

/**
 * Reserves one password check for the account and the address, or answers null when either has used up its failed
 * logins in the current window. The reservation is recorded as a failure at once — in the one statement that counts —
 * so parallel guesses see each other before any of them is hashed: of N simultaneous wrong guesses at most
 * LOGIN_FAILURES_PER_ACCOUNT are checked, however many instances share the database.
 */
export async function reserveLoginAttempt(
  db: Database,
  email: string,
  ip: string,
  now: Date,
): Promise<LoginReservation | null> {
  const since = addSeconds(now, -LOGIN_WINDOW_SECONDS).toISOString();
  const until = addSeconds(now, CONCURRENT_SKEW_SECONDS).toISOString();
  const keys = [accountKey(email), addressKey(ip)];
  return db.transaction(async (tx) => {
    await lockKeys(tx, keys);
    const { rows } = await tx.query<{ id: number }>(
      `insert into login_attempts (key, succeeded, at)
       select key, false, $4 from unnest(array[$1, $2]::text[]) as key
        where (select count(*) from login_attempts a
                where a.key = $1 and not a.succeeded and a.at > $3 and a.at <= $7
                  and a.at > coalesce((select max(s.at) from login_attempts s where s.key = $1 and s.succeeded and s.at <= $7),
                                      '-infinity'::timestamptz)) < $5
          and (select count(*) from login_attempts where key = $2 and not succeeded and at > $3 and at <= $7) < $6
       returning id`,
      [...keys, since, now.toISOString(), LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS, until],
    );
    return rows.length > 0 ? { ids: rows.map((r) => r.id) } : null;
  });
}

/**
 * The reserved check's outcome: 'failed' keeps it counted; 'succeeded' turns it into the success that clears the
 * account's count; 'withdrawn' (a right password where only a check was asked, not a login) removes it.
 */
export async function settleLoginAttempt(
  db: Queryable,
  reservation: LoginReservation,
  outcome: 'failed' | 'succeeded' | 'withdrawn',
  now: Date,
): Promise<void> {
  if (outcome === 'failed') return;
  if (outcome === 'withdrawn') {
    await db.query('delete from login_attempts where id = any($1::bigint[])', [reservation.ids]);
    return;
  }
  await db.query('update login_attempts set succeeded = true where id = any($1::bigint[])', [reservation.ids]);
  // Only the last window matters; a successful login sweeps what is older than a day so the table stays small.
  await db.query('delete from login_attempts where at < $1', [addSeconds(now, -24 * 3600).toISOString()]);
}

/**
 * Counts a call that reveals (customer-search) or triggers (reset-password) something per e-mail address, and says
 * whether the address is over its limit. Over the limit the call is not counted, so the window can drain. Counted
 * and recorded in one statement under the address's lock, so parallel calls cannot overshoot.
 */
export async function takeLookup(db: Database, ip: string, now: Date): Promise<boolean> {
  const since = addSeconds(now, -LOGIN_WINDOW_SECONDS).toISOString();
  const until = addSeconds(now, CONCURRENT_SKEW_SECONDS).toISOString();
  return db.transaction(async (tx) => {
    await lockKeys(tx, [lookupKey(ip)]);
    const { affectedRows } = await tx.query(
      `insert into login_attempts (key, succeeded, at)
       select $1, true, $3
        where (select count(*) from login_attempts where key = $1 and at > $2 and at <= $5) < $4`,
      [lookupKey(ip), since, now.toISOString(), LOOKUPS_PER_ADDRESS, until],
    );
    return affectedRows > 0;
  });
}
