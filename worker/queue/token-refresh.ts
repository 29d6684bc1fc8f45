import type { EmitWorkerEvent } from '../events.ts';
import { NetworkError } from '../http/errors.ts';
import { MAX_REFRESH_ATTEMPTS, type TokenLock } from './token-lock.ts';
import type { Envelope } from './types.ts';

/** What the refresh policy needs from the session. */
export interface TokenSession {
  userToken(): string | null;
  /** config users.autoRefreshTokens */
  autoRefresh(): boolean;
  /** POST user/refresh with the stored refresh token; true when new tokens are stored. Throws NetworkError without an answer. */
  refreshUserToken(): Promise<boolean>;
  logout(options: { silent: boolean }): Promise<void>;
}

export interface TokenRefreshOptions {
  lock: TokenLock;
  /** Read at each use: the session is bound to the queue after both are built. */
  session: () => TokenSession;
  /** Drops every task not yet sent. */
  clearUntransmitted: () => Promise<void>;
  emit: EmitWorkerEvent;
  now: () => number;
}

/** What becomes of a queued task the server refused with 401. */
export type RefusedTaskOutcome = 'send-again' | 'retry-later' | 'aborted';

/**
 * Spec 000 §4 "Token invalidation": when a refused user token is refreshed, how one refresh in flight is shared by
 * everyone who meets the refusal, and what a failed refresh does. The state it keeps is the token lock (token-lock.ts),
 * which the queue consults before every task through `gate`.
 */
export class TokenRefresh {
  private refreshing: Promise<boolean> | null = null;

  constructor(private readonly o: TokenRefreshOptions) {}

  /** Before a queued task is sent; `carriesUserToken`: its url takes the token and there is one. */
  gate(carriesUserToken: boolean): 'send' | 'wait' | 'abort' {
    // a failed refresh aborts what still carries the user's token; after its logout the device goes on as a guest
    if (this.o.lock.failed && carriesUserToken) return 'abort';
    // while the lock is held a task waits 1 s (the retry timer) and is tried again
    if (this.o.lock.held) return 'wait';
    return 'send';
  }

  /** Any answer but 401 (a 404 included): the token was accepted, so the next refusal is a new expiry, not a failed retry. */
  accepted(): void {
    if (this.o.lock.attemptCount > 0) this.o.lock.fullReset();
  }

  /**
   * A queued task carrying the user's token was answered 401. `abort` finishes the task with the refusal; it runs
   * before the logout, so the task's handler still sees the session it was sent for.
   */
  async taskRefused(abort: () => Promise<void>): Promise<RefusedTaskOutcome> {
    const session = this.o.session();
    if (!session.autoRefresh()) {
      await abort();
      await session.logout({ silent: false });
      this.o.emit('open-signup-modal');
      return 'aborted';
    }
    if (this.o.lock.attemptCount >= MAX_REFRESH_ATTEMPTS) return this.refreshFailed(abort);
    this.o.lock.take(this.o.now());
    let refreshed = false;
    try {
      refreshed = await this.refresh();
    } catch (error) {
      // no answer to the refresh: the token may still be good, try again later
      if (error instanceof NetworkError) {
        this.o.lock.fullReset();
        return 'retry-later';
      }
      throw error;
    }
    if (!refreshed) return this.refreshFailed(abort);
    this.o.lock.reset();
    return 'send-again';
  }

  /**
   * A direct read (pull, totals) sent with the token `sentWith` was answered 401: the token is refreshed once and the
   * read sent again. Otherwise a read that keeps failing, such as the login merge's pull, would wait for a refresh
   * forever. Answers what the caller gets: the new answer, or the refusal.
   */
  async readRefused(sentWith: string, refused: Envelope, sendAgain: () => Promise<Envelope>): Promise<Envelope> {
    const session = this.o.session();
    if (!session.autoRefresh() || this.o.lock.failed) return refused;
    // refreshed by someone else meanwhile: just send again
    const current = session.userToken();
    if (current !== sentWith) return current ? sendAgain() : refused;
    let refreshed: boolean;
    try {
      refreshed = await this.refresh();
    } catch (error) {
      if (error instanceof NetworkError) return refused; // no answer: the caller sees the 401 and tries again later
      throw error;
    }
    if (refreshed) return sendAgain();
    await this.refreshFailed();
    return refused;
  }

  /** POST user/refresh, shared by everyone who finds the token refused meanwhile (the refresh token rotates). */
  private refresh(): Promise<boolean> {
    this.refreshing ??= this.o
      .session()
      .refreshUserToken()
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** The failure path: the lock fails, the user is logged out silently, untransmitted tasks go, the signup modal opens. */
  private async refreshFailed(abort?: () => Promise<void>): Promise<'aborted'> {
    this.o.lock.fail();
    await abort?.();
    await this.o.session().logout({ silent: true });
    await this.o.clearUntransmitted();
    this.o.emit('open-signup-modal');
    return 'aborted';
  }
}
