/**
 * Spec 000 §3 "Root state" user-token invalidation fields and §4 "Token invalidation": while a refresh runs the lock is
 * 1 and tasks wait; a failed refresh leaves it at -1 ("failed") so every task that still carries the dead token is
 * aborted instead of hammering the server.
 */
export const LOCK_FREE = 0;
export const LOCK_HELD = 1;
export const LOCK_FAILED = -1;
export type LockValue = typeof LOCK_FREE | typeof LOCK_HELD | typeof LOCK_FAILED;

/** Spec 000 §9 "maximum network task attempts 1": a task is retried once after a successful refresh. */
export const MAX_REFRESH_ATTEMPTS = 1;

export const TOKEN_REFRESH_FAILED_MESSAGE =
  'Error refreshing user token. User is not authorized to access the resource';

export class TokenLock {
  lock: LockValue = LOCK_FREE;
  /** When the token was found invalid (ms), null when it is trusted. */
  invalidated: number | null = null;
  attemptCount = 0;

  get held(): boolean {
    return this.lock === LOCK_HELD;
  }

  get failed(): boolean {
    return this.lock === LOCK_FAILED;
  }

  take(now: number): void {
    this.lock = LOCK_HELD;
    this.invalidated = now;
    this.attemptCount += 1;
  }

  fail(): void {
    this.lock = LOCK_FAILED;
  }

  /** Spec: "The lock can be reset to 0". */
  reset(): void {
    this.lock = LOCK_FREE;
  }

  /** Spec: "A full reset clears the lock, the invalidated marker and the attempt count". */
  fullReset(): void {
    this.lock = LOCK_FREE;
    this.invalidated = null;
    this.attemptCount = 0;
  }
}
