/**
 * Session and throttling numbers of the accounts area (docs/customer-account.md "Accounts" repeats them).
 *
 * The access token slides: every authenticated call moves its expiry to now + SESSION_TTL, so the session ends after
 * SESSION_TTL of inactivity (spec 000 §4 "Due to inactivity your session has expired"). The refresh token lives
 * 30 days and is rotated on every use.
 */
function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Seconds an access token stays valid after the last authenticated call (env SESSION_TTL, default 3600). */
export const SESSION_TTL_SECONDS = positiveNumber(process.env.SESSION_TTL, 3600);
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;
/**
 * A refresh whose answer was lost on a flaky mobile connection is retried with the same, already used refresh token.
 * Within this many seconds after its first use such a reuse rotates again instead of counting as theft (the "reuse
 * interval" of OAuth servers such as Ory Hydra and Auth0), so the shopper is not logged out everywhere. Short, so a
 * copied token is still caught.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
export const PASSWORD_RESET_TTL_SECONDS = 3600;
/** At most 3 reset mails per account per hour, so nobody can flood a customer's inbox through the form. */
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;

/**
 * Failed logins: 5 per account (e-mail) and 20 per client address within 15 minutes; past that the login answers
 * 429 until the window has moved on. The address limit is higher because shops and offices share one address.
 * A successful login clears the account's count, not the address's (an attacker cannot reset it with his own account).
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 20;

/** customer-search and reset-password reveal or trigger something per e-mail: 20 calls per address per 15 minutes. */
export const LOOKUPS_PER_ADDRESS = 20;

export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
