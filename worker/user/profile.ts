import { serverMessage } from '../http/server-message.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope, QueuedModuleDeps, Task } from '../queue/types.ts';
import type { CommandResult, Customer, EngagementContact } from './api-types.ts';
import { addressDeletion, PROFILE_LANE } from './address-delete.ts';
import { engagementContact } from './engagement.ts';
import { readContact, readPersonalPrices } from './profile-extras.ts';
import { normalizeProfileUpdate } from '../../domain/account/profile-update.ts';
import { SESSION_TEXT } from './session-messages.ts';
import { USER_BASE, type UserStore } from './user-store.ts';
import { readOrderHistory } from './order-history.ts';

export const TASK_USER_ME = 'user-me';

export interface ProfileOptions extends QueuedModuleDeps {
  store: UserStore;
  /** The session's expiry check (worker/user/session.ts): false means the session ended. */
  guard: () => Promise<boolean>;
}

/**
 * The logged-in customer's account on the device (spec 000 §7 "User"): the profile with its addresses, the personal
 * prices and engagement contact read with it, and the order history. Kept in the user state, so logout clears it.
 */
export class Profile {
  /** DELETE address as a queued task (worker/user/address-delete.ts). */
  readonly deleteAddress: (addressId: number) => Promise<CommandResult>;
  /** The engagement contact's overview and PATCH (worker/user/engagement.ts). */
  readonly engagement: ReturnType<typeof engagementContact>;
  private readonly store: UserStore;

  constructor(private readonly o: ProfileOptions) {
    this.store = o.store;
    o.queue.on(TASK_USER_ME, (task, res) => this.onProfileUpdated(task, res), {
      retryServerErrors: false,
      lane: PROFILE_LANE,
    });
    this.deleteAddress = addressDeletion(o.queue, this, o.notify);
    this.engagement = engagementContact(o.queue, this, o.notify);
  }

  guard(): Promise<boolean> {
    return this.o.guard();
  }

  get loggedIn(): boolean {
    return !!this.store.mirror.token;
  }

  userToken(): string | null {
    return this.store.mirror.token;
  }

  noteResponse(res: Envelope): void {
    this.store.noteResponse(res);
  }

  private call(url: string, method = 'GET', payload?: unknown): Promise<Envelope> {
    return this.o.queue.execute({ url, method, payload });
  }

  /** GET me without cache; stores the profile. False when the server refused the token. */
  async refreshProfile(): Promise<boolean> {
    try {
      const res = await this.call(`${USER_BASE}/me?token={{token}}`);
      this.store.noteResponse(res);
      if (res.code !== 200 || !res.result) return false;
      const current = res.result as Customer;
      await this.store.save({ current, groupId: current.group_id ?? 1 });
      await this.loadProfileExtras(current);
      return true;
    } catch (error) {
      if (error instanceof NetworkError) return this.store.mirror.current !== null;
      throw error;
    }
  }

  /**
   * What the account reads right after the profile: the member's personal prices (spec 000 §6 "Personal pricing …
   * for logged-in clients") and the engagement contact id (spec 001 §4 "Engagement"). Each is kept on the device in
   * the user state, so logout clears them with it; a failed read keeps what was stored and never fails the login.
   */
  private async loadProfileExtras(current: Customer): Promise<void> {
    const call = (url: string) => this.call(url).then((res) => (this.store.noteResponse(res), res));
    const [personalPrices, contact] = await Promise.all([
      readPersonalPrices(call).catch(logExtraFailure('personal prices')),
      readContact(call, current, this.store.mirror.contact).catch(logExtraFailure('engagement contact')),
    ]);
    await this.store.save({
      personalPrices: personalPrices ?? this.store.mirror.personalPrices,
      contact: contact ?? this.store.mirror.contact,
    });
  }

  contact(): EngagementContact | null {
    return this.store.mirror.token ? this.store.mirror.contact : null;
  }

  async storeContact(contact: EngagementContact | null): Promise<void> {
    await this.store.save({ contact });
  }

  currentProfile(): Customer | null {
    return this.store.mirror.token ? this.store.mirror.current : null;
  }

  /** A command that answers with the customer (add-coupon) stores it as the profile. */
  async storeProfile(current: Customer): Promise<void> {
    await this.store.save({ current });
  }

  /** GET order-history; kept in the user state for the account pages. Offline keeps what was stored. */
  async loadOrderHistory(pageSize = 20, currentPage = 1): Promise<void> {
    try {
      const history = await readOrderHistory(
        (url) => this.call(url),
        (res) => this.store.noteResponse(res),
        pageSize,
        currentPage,
      );
      if (history) await this.store.save({ orders_history: history });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }

  /** Profile update is a queued task (spec 000 §7 "POST me (profile update, queued)"). */
  async updateProfile(customer: Partial<Customer>): Promise<CommandResult> {
    if (!(await this.guard())) return { ok: false };
    const { token, current } = this.store.mirror;
    if (!token) return { ok: false, messageKey: SESSION_TEXT.notLoggedIn };
    const update = normalizeProfileUpdate({ ...(current ?? {}), ...customer });
    await this.store.save({ current: { ...(current ?? ({} as Customer)), ...update } });
    await this.o.queue.enqueue({
      kind: TASK_USER_ME,
      url: `${USER_BASE}/me?token={{token}}`,
      payload: { customer: sentPart(update, customer) },
      silent: true,
    });
    return { ok: true };
  }

  private async onProfileUpdated(_task: Task, res: Envelope): Promise<void> {
    this.store.noteResponse(res);
    if (res.code === 200) {
      if (res.result && typeof res.result === 'object') await this.store.save({ current: res.result as Customer });
      this.o.notify({ type: 'success', messageKey: SESSION_TEXT.profileUpdated });
      return;
    }
    this.o.notify({
      type: 'danger',
      messageKey: SESSION_TEXT.profileUpdateFailed,
      params: { message: serverMessage(res) ?? '' },
    });
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

/** An account extra that could not be read (offline, an error) is logged; the login and the profile go on. */
function logExtraFailure(what: string) {
  return (error: unknown): null => {
    if (!(error instanceof NetworkError)) console.warn(`[session] reading the ${what} failed`, error);
    return null;
  };
}
