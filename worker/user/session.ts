import { KV_KEYS } from '../../schemas/index.ts';
import { serverMessage } from '../http/server-message.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope, QueuedModuleDeps } from '../queue/types.ts';
import type { CommandResult, RegisterInput } from './api-types.ts';
import { passwordCommands } from './passwords.ts';
import { Profile } from './profile.ts';
import { SESSION_TEXT } from './session-messages.ts';
import type { UserStateValue } from './user-state.ts';
import { expiryOf, USER_BASE, UserStore } from './user-store.ts';
import { removeAll, removeDoc } from '../db/rx-helpers.ts';

/** Spec 000 §9: session refresh threshold 900 s before expiry. */
export const SESSION_REFRESH_THRESHOLD_MS = 900_000;

/** What logging out must also clear in other areas (cart, wishlist, compare list, checkout details). */
export interface LogoutSeams {
  /** Send what the device still has queued, within a bound; true when nothing is left. */
  sendQueued(): Promise<boolean>;
  disconnectCart(): Promise<void>;
  emptyCartLocally(): Promise<void>;
  clearCheckoutDetails(): Promise<void>;
  /** After login: remove coupon, connect, merge the guest cart into the account cart once, re-apply the coupon. */
  authorizeCart(): Promise<void>;
  /** After login: the wishlist reloads from the server and the device's items missing there are added (spec 001 §4). */
  reloadWishlist(): Promise<void>;
}

export interface SessionOptions extends QueuedModuleDeps {
  online: () => boolean;
  /** users.autoRefreshTokens */
  autoRefresh?: boolean;
}

/**
 * The customer session (spec 000 §3 "User state", §4 "Session for user"): login, register, logout, the tokens and
 * their refresh, the expiry guard. State lives in kv `current-user` (worker/user/user-store.ts). The account the
 * session opens is `profile` (worker/user/profile.ts); the password commands are `passwords`
 * (worker/user/passwords.ts).
 */
export class Session {
  private readonly store: UserStore;
  private seams: LogoutSeams | null = null;
  readonly profile: Profile;
  readonly passwords: ReturnType<typeof passwordCommands>;

  constructor(private readonly o: SessionOptions) {
    this.store = new UserStore(o.db, o.now);
    this.profile = new Profile({ ...o, store: this.store, guard: () => this.guard() });
    this.passwords = passwordCommands(o.queue, {
      online: () => o.online(),
      guard: () => this.guard(),
      noteResponse: (res) => this.noteResponse(res),
    });
  }

  bindSeams(seams: LogoutSeams): void {
    this.seams = seams;
  }

  get autoRefresh(): boolean {
    return this.o.autoRefresh ?? true;
  }

  userToken(): string | null {
    return this.store.mirror.token;
  }

  /** The logged-in customer's id (orders carry it), null for a guest. */
  customerId(): number | null {
    const { token, current } = this.store.mirror;
    return token ? (current?.id ?? null) : null;
  }

  state(): Promise<UserStateValue> {
    return this.store.state();
  }

  /** A response carrying session_expires updates the stored expiry (spec 000 §4). */
  noteResponse(res: Envelope): void {
    this.store.noteResponse(res);
  }

  /** On start the cached user and token are restored (the mirror subscription) and the user group is set. */
  async restore(): Promise<UserStateValue> {
    const state = await this.store.state();
    this.store.mirror = state;
    await this.store.save({ local_data_loaded: true, groupId: state.current ? (state.groupId ?? 1) : null });
    return this.store.mirror;
  }

  private call(url: string, method = 'GET', payload?: unknown): Promise<Envelope> {
    return this.o.queue.execute({ url, method, payload });
  }

  async login(username: string, password: string): Promise<CommandResult> {
    let res: Envelope;
    try {
      res = await this.call(`${USER_BASE}/login`, 'POST', { username, password });
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.offline };
      throw error;
    }
    if (res.code !== 200 || typeof res.result !== 'string') {
      await this.store.clear();
      return { ok: false, messageKey: serverMessage(res) ?? SESSION_TEXT.loginFailed };
    }
    const meta = res.meta ?? {};
    // From the moment the token is stored until the login merge has read the account cart, the queue sends nothing:
    // a guest change sent with the new token would reach the account cart first and then be summed in again.
    const release = await this.o.queue.pause();
    try {
      await this.store.save({
        token: res.result,
        refreshToken: typeof meta.refreshToken === 'string' ? meta.refreshToken : null,
        // a customer who did not log out is not the one this token belongs to (a shared device's waiting orders)
        current: null,
        session_started: this.o.now(),
        sessionExpires: expiryOf(meta),
      });
      this.o.queue.lock.fullReset();
      const profileLoaded = await this.profile.refreshProfile();
      if (!profileLoaded) {
        await this.store.clear();
        return { ok: false, messageKey: SESSION_TEXT.loginFailed };
      }
      await this.profile.loadOrderHistory();
      await this.seams?.reloadWishlist();
      await this.seams?.authorizeCart();
      return { ok: true };
    } finally {
      release();
    }
  }

  async register(input: RegisterInput): Promise<CommandResult> {
    try {
      const res = await this.call(`${USER_BASE}/create`, 'POST', input);
      if (res.code !== 200) return { ok: false, messageKey: serverMessage(res) ?? undefined };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.offline };
      throw error;
    }
    return this.login(input.customer.email, input.password);
  }

  /**
   * True when it sent everything queued first (`sendQueued`); false when it did not try or could not finish.
   * Logout clears the token, disconnects the cart, clears the user, wishlist, compare list and checkout details,
   * empties the cart locally, and shows 'You're logged out' unless silent.
   */
  async logout(options: { silent?: boolean; sendQueued?: boolean } = {}): Promise<boolean> {
    // The shopper's own logout first sends what is still queued with their token (a quantity changed a moment ago),
    // so the account cart on the server holds what they last saw. Never from inside the queue (a failed token
    // refresh logs out from there, and waiting for the queue would wait for itself).
    const sent =
      options.sendQueued && this.store.mirror.token && this.o.online()
        ? ((await this.seams?.sendQueued()) ?? false)
        : false;
    // read after sending: a token refreshed while the queue sent is the one the server still knows
    const { token, refreshToken } = this.store.mirror;
    await this.store.save({ token: null, refreshToken: null });
    await this.seams?.disconnectCart();
    await this.store.clear();
    await removeAll(this.o.db.wishlist_items.find());
    await removeDoc((await this.o.db.kv.findOne(KV_KEYS.compare).exec()) as never);
    await this.seams?.clearCheckoutDetails();
    await this.seams?.emptyCartLocally();
    if (!options.silent) this.o.notify({ type: 'success', messageKey: SESSION_TEXT.loggedOut });
    // ends the session on the server too; best effort, the device is logged out either way
    if (token && this.o.online()) {
      void this.call(
        `${USER_BASE}/logout?token=${encodeURIComponent(token)}`,
        'POST',
        refreshToken ? { refreshToken } : {},
      ).catch(() => undefined);
    }
    return sent;
  }

  /** POST user/refresh; true when new tokens are stored. Throws NetworkError when there was no answer. */
  async refreshUserToken(): Promise<boolean> {
    const { refreshToken } = this.store.mirror;
    if (!refreshToken) return false;
    const res = await this.call(`${USER_BASE}/refresh`, 'POST', { refreshToken });
    if (res.code !== 200 || typeof res.result !== 'string') return false;
    const meta = res.meta ?? {};
    await this.store.save({
      token: res.result,
      refreshToken: typeof meta.refreshToken === 'string' ? meta.refreshToken : this.store.mirror.refreshToken,
      sessionExpires: expiryOf(meta) ?? this.store.mirror.sessionExpires,
    });
    return true;
  }

  get loggedIn(): boolean {
    return !!this.store.mirror.token;
  }

  isExpired(): boolean {
    const { token, sessionExpires } = this.store.mirror;
    return !!token && sessionExpires !== null && this.o.now() >= sessionExpires;
  }

  /**
   * Spec 000 §4: when the expiry time has passed, any user, cart or checkout action logs the user out and shows the
   * warning with a Log in action. False means "stop, the session ended". The warning stays until dismissed
   * (hasNoTimeout): an account page logs out when the expiry passes, usually while nobody looks, and a 3 s notice
   * would be gone before the shopper returns.
   */
  async guard(): Promise<boolean> {
    if (!this.isExpired()) return true;
    await this.logout({ silent: true });
    this.o.notify({
      type: 'warning',
      messageKey: SESSION_TEXT.sessionExpired,
      action: { labelKey: SESSION_TEXT.logIn, command: 'open-login' },
      hasNoTimeout: true,
    });
    return false;
  }

  /**
   * Each navigation: an expired session on a checkout page goes home; within 900 s of expiry the profile is
   * refreshed without cache (which also renews the expiry from the answer's meta).
   */
  async onNavigation(path: string): Promise<{ redirect?: string }> {
    if (this.isExpired() && /^\/checkout(\/|$|\?)/.test(path)) {
      await this.guard();
      return { redirect: '/' };
    }
    const { token, sessionExpires } = this.store.mirror;
    if (
      token &&
      sessionExpires !== null &&
      sessionExpires - this.o.now() <= SESSION_REFRESH_THRESHOLD_MS &&
      !this.isExpired()
    ) {
      await this.profile.refreshProfile();
    }
    return {};
  }

  close(): void {
    this.store.close();
  }
}
