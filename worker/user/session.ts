import type { Subscription } from 'rxjs';
import { KV_KEYS } from '../../schemas/index.ts';
import { serverMessage } from '../http/server-message.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope, QueuedModuleDeps, Task } from '../queue/types.ts';
import type { CommandResult, Customer, EngagementContact, RegisterInput } from './api-types.ts';
import { addressDeletion, PROFILE_LANE } from './address-delete.ts';
import { engagementContact } from './engagement.ts';
import { readContact, readPersonalPrices } from './profile-extras.ts';
import { normalizeProfileUpdate } from '../../domain/account/profile-update.ts';
import { SESSION_TEXT } from './session-messages.ts';
import { emptyUserState, type UserStateValue } from './user-state.ts';
import { removeAll, removeDoc } from '../db/rx-helpers.ts';

export const USER_BASE = '/api/ext/shop/user';
export const TASK_USER_ME = 'user-me';

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
 * The customer session (spec 000 §3 "User state", §4 "Session for user"). State lives in kv `current-user`; the
 * token is mirrored in memory from the live document so the queue reads it synchronously (and sees other tabs' logins).
 */
export class Session {
  private mirror: UserStateValue = emptyUserState();
  private sub: Subscription;
  private seams: LogoutSeams | null = null;
  /** DELETE address as a queued task (worker/user/address-delete.ts). */
  readonly deleteAddress: (addressId: number) => Promise<CommandResult>;
  /** The engagement contact's overview and PATCH (worker/user/engagement.ts). */
  readonly engagement: ReturnType<typeof engagementContact>;

  constructor(private readonly o: SessionOptions) {
    this.sub = o.db.kv.findOne(KV_KEYS.user).$.subscribe({
      next: (doc) => {
        this.mirror = {
          ...emptyUserState(),
          ...((doc?.toMutableJSON().value as Partial<UserStateValue> | undefined) ?? {}),
        };
      },
      // the database closing under the worker ends the mirror; it must not surface as an uncaught error
      error: (error) => console.error('[session] user state stream ended', error),
    });
    o.queue.on(TASK_USER_ME, (task, res) => this.onProfileUpdated(task, res), {
      retryServerErrors: false,
      lane: PROFILE_LANE,
    });
    this.deleteAddress = addressDeletion(o.queue, this, o.notify);
    this.engagement = engagementContact(o.queue, this, o.notify);
  }

  bindSeams(seams: LogoutSeams): void {
    this.seams = seams;
  }

  get autoRefresh(): boolean {
    return this.o.autoRefresh ?? true;
  }

  userToken(): string | null {
    return this.mirror.token;
  }

  /** The logged-in customer's id (orders carry it), null for a guest. */
  customerId(): number | null {
    return this.mirror.token ? (this.mirror.current?.id ?? null) : null;
  }

  async state(): Promise<UserStateValue> {
    const doc = await this.o.db.kv.findOne(KV_KEYS.user).exec();
    return { ...emptyUserState(), ...((doc?.toMutableJSON().value as Partial<UserStateValue> | undefined) ?? {}) };
  }

  private async save(patch: Partial<UserStateValue>): Promise<void> {
    const next = { ...(await this.state()), ...patch };
    this.mirror = next;
    await this.o.db.kv.incrementalUpsert({ key: KV_KEYS.user, value: next, updated_at: this.o.now() });
  }

  /** On start the cached user and token are restored (the mirror subscription) and the user group is set. */
  async restore(): Promise<UserStateValue> {
    const state = await this.state();
    this.mirror = state;
    await this.save({ local_data_loaded: true, groupId: state.current ? (state.groupId ?? 1) : null });
    return this.mirror;
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
      await this.clearUser();
      return { ok: false, messageKey: serverMessage(res) ?? SESSION_TEXT.loginFailed };
    }
    const meta = res.meta ?? {};
    // From the moment the token is stored until the login merge has read the account cart, the queue sends nothing:
    // a guest change sent with the new token would reach the account cart first and then be summed in again.
    const release = await this.o.queue.pause();
    try {
      await this.save({
        token: res.result,
        refreshToken: typeof meta.refreshToken === 'string' ? meta.refreshToken : null,
        session_started: this.o.now(),
        sessionExpires: expiryOf(meta),
      });
      this.o.queue.lock.fullReset();
      const profileLoaded = await this.refreshProfile();
      if (!profileLoaded) {
        await this.clearUser();
        return { ok: false, messageKey: SESSION_TEXT.loginFailed };
      }
      await this.loadOrderHistory();
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

  /** GET me without cache; stores the profile. False when the server refused the token. */
  async refreshProfile(): Promise<boolean> {
    try {
      const res = await this.call(`${USER_BASE}/me?token={{token}}`);
      this.noteResponse(res);
      if (res.code !== 200 || !res.result) return false;
      const current = res.result as Customer & { group_id?: number };
      await this.save({ current, groupId: current.group_id ?? 1 });
      await this.loadProfileExtras(current);
      return true;
    } catch (error) {
      if (error instanceof NetworkError) return this.mirror.current !== null;
      throw error;
    }
  }

  /**
   * What the account reads right after the profile: the member's personal prices (spec 000 §6 "Personal pricing …
   * for logged-in clients") and the engagement contact id (spec 001 §4 "Engagement"). Each is kept on the device in
   * the user state, so logout clears them with it; a failed read keeps what was stored and never fails the login.
   */
  private async loadProfileExtras(current: Customer): Promise<void> {
    const call = (url: string) => this.call(url).then((res) => (this.noteResponse(res), res));
    const [personalPrices, contact] = await Promise.all([
      readPersonalPrices(call).catch(logExtraFailure('personal prices')),
      readContact(call, current, this.mirror.contact).catch(logExtraFailure('engagement contact')),
    ]);
    await this.save({
      personalPrices: personalPrices ?? this.mirror.personalPrices,
      contact: contact ?? this.mirror.contact,
    });
  }

  contact(): EngagementContact | null {
    return this.mirror.token ? this.mirror.contact : null;
  }

  async storeContact(contact: EngagementContact | null): Promise<void> {
    await this.save({ contact });
  }

  currentProfile(): Customer | null {
    return this.mirror.token ? this.mirror.current : null;
  }

  /** A command that answers with the customer (add-coupon) stores it as the profile. */
  async storeProfile(current: Customer): Promise<void> {
    await this.save({ current });
  }

  async loadOrderHistory(pageSize = 20, currentPage = 1): Promise<void> {
    try {
      const res = await this.call(
        `${USER_BASE}/order-history?token={{token}}&pageSize=${pageSize}&currentPage=${currentPage}`,
      );
      this.noteResponse(res);
      if (res.code === 200) await this.save({ orders_history: res.result });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }

  /** A response carrying session_expires updates the stored expiry (spec 000 §4). */
  noteResponse(res: Envelope): void {
    const expires = expiryOf(res.meta ?? {});
    if (expires !== null && this.mirror.token && expires !== this.mirror.sessionExpires)
      void this.save({ sessionExpires: expires }).catch(() => undefined);
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
      options.sendQueued && this.mirror.token && this.o.online() ? ((await this.seams?.sendQueued()) ?? false) : false;
    const token = this.mirror.token;
    const refreshToken = this.mirror.refreshToken;
    await this.save({ token: null, refreshToken: null });
    await this.seams?.disconnectCart();
    await this.clearUser();
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

  private async clearUser(): Promise<void> {
    await this.save({ ...emptyUserState(), local_data_loaded: true });
  }

  /** POST user/refresh; true when new tokens are stored. Throws NetworkError when there was no answer. */
  async refreshUserToken(): Promise<boolean> {
    if (!this.mirror.refreshToken) return false;
    const res = await this.call(`${USER_BASE}/refresh`, 'POST', { refreshToken: this.mirror.refreshToken });
    if (res.code !== 200 || typeof res.result !== 'string') return false;
    const meta = res.meta ?? {};
    await this.save({
      token: res.result,
      refreshToken: typeof meta.refreshToken === 'string' ? meta.refreshToken : this.mirror.refreshToken,
      sessionExpires: expiryOf(meta) ?? this.mirror.sessionExpires,
    });
    return true;
  }

  get loggedIn(): boolean {
    return !!this.mirror.token;
  }

  isExpired(): boolean {
    const { token, sessionExpires } = this.mirror;
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
    const { token, sessionExpires } = this.mirror;
    if (
      token &&
      sessionExpires !== null &&
      sessionExpires - this.o.now() <= SESSION_REFRESH_THRESHOLD_MS &&
      !this.isExpired()
    ) {
      await this.refreshProfile();
    }
    return {};
  }

  /** Profile update is a queued task (spec 000 §7 "POST me (profile update, queued)"). */
  async updateProfile(customer: Partial<Customer>): Promise<CommandResult> {
    if (!(await this.guard())) return { ok: false };
    if (!this.mirror.token) return { ok: false, messageKey: SESSION_TEXT.notLoggedIn };
    const update = normalizeProfileUpdate({ ...(this.mirror.current ?? {}), ...customer });
    await this.save({ current: { ...(this.mirror.current ?? ({} as Customer)), ...(update as Customer) } });
    await this.o.queue.enqueue({
      kind: TASK_USER_ME,
      url: `${USER_BASE}/me?token={{token}}`,
      payload: { customer: sentPart(update, customer) },
      silent: true,
    });
    return { ok: true };
  }

  private async onProfileUpdated(_task: Task, res: Envelope): Promise<void> {
    this.noteResponse(res);
    if (res.code === 200) {
      if (res.result && typeof res.result === 'object') await this.save({ current: res.result as Customer });
      this.o.notify({ type: 'success', messageKey: SESSION_TEXT.profileUpdated });
      return;
    }
    this.o.notify({
      type: 'danger',
      messageKey: SESSION_TEXT.profileUpdateFailed,
      params: { message: serverMessage(res) ?? '' },
    });
  }

  async changePassword(currentPassword: string, newPassword: string): Promise<CommandResult> {
    if (!this.o.online()) return { ok: false, messageKey: SESSION_TEXT.passwordOffline };
    if (!(await this.guard())) return { ok: false };
    try {
      const res = await this.call(`${USER_BASE}/change-password?token={{token}}`, 'POST', {
        currentPassword,
        newPassword,
      });
      this.noteResponse(res);
      if (res.code === 200) return { ok: true, messageKey: SESSION_TEXT.passwordChanged };
      const error = (res.result as { errorMessage?: string } | null)?.errorMessage;
      return { ok: false, messageKey: error ?? serverMessage(res) ?? undefined };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.passwordOffline };
      throw error;
    }
  }

  /**
   * POST create-password with the e-mail and token of the reset link (spec 000 §7): the server checks that the token
   * is unused and under an hour old, sets the password and ends every session of the customer. Refused offline
   * (spec 001 §8).
   */
  async createPassword(email: string, resetToken: string, newPassword: string): Promise<CommandResult> {
    if (!this.o.online()) return { ok: false, messageKey: SESSION_TEXT.passwordResetOffline };
    try {
      const res = await this.call(`${USER_BASE}/create-password`, 'POST', { email, newPassword, resetToken });
      if (res.code === 200) return { ok: true, messageKey: SESSION_TEXT.passwordChanged };
      return { ok: false, messageKey: serverMessage(res) ?? SESSION_TEXT.submissionFailed };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.passwordResetOffline };
      throw error;
    }
  }

  async resetPassword(email: string): Promise<CommandResult> {
    if (!this.o.online()) return { ok: false, messageKey: SESSION_TEXT.passwordOffline };
    try {
      const res = await this.call(`${USER_BASE}/reset-password`, 'POST', { email });
      return res.code === 200 ? { ok: true } : { ok: false, messageKey: serverMessage(res) ?? undefined };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.passwordOffline };
      throw error;
    }
  }

  close(): void {
    this.sub.unsubscribe();
  }
}

/**
 * What POST me is sent: the profile fields (the server requires e-mail and names) plus addresses and preferences only
 * when this edit changed them, so an unrelated edit never writes a stale local copy back (an address deleted on
 * another device would turn the whole update into a 404; a newsletter opt-out made elsewhere would be undone).
 * Coupons are read-only.
 */
function sentPart(update: Partial<Customer>, edit: Partial<Customer>): Partial<Customer> {
  const { addresses, preferences, coupons: _coupons, ...profile } = update;
  return {
    ...profile,
    ...('addresses' in edit ? { addresses } : {}),
    ...('preferences' in edit ? { preferences } : {}),
  };
}

function expiryOf(meta: Record<string, unknown>): number | null {
  const raw = meta.session_expires;
  if (typeof raw === 'number') return raw < 1e12 ? raw * 1000 : raw;
  if (typeof raw === 'string') {
    const ms = Date.parse(raw);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** An account extra that could not be read (offline, an error) is logged; the login and the profile go on. */
function logExtraFailure(what: string) {
  return (error: unknown): null => {
    if (!(error instanceof NetworkError)) console.warn(`[session] reading the ${what} failed`, error);
    return null;
  };
}
