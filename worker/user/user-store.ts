import type { Subscription } from 'rxjs';
import { KV_KEYS, type ShopDatabase } from '../../schemas/index.ts';
import type { Envelope } from '../queue/types.ts';
import { emptyUserState, type UserStateValue } from './user-state.ts';

export const USER_BASE = '/api/ext/shop/user';

/**
 * The user state (spec 000 §3 "User state") as one kv document, `current-user`, which session and profile share. It is
 * mirrored in memory from the live document so the queue reads the token synchronously (and sees other tabs' logins).
 */
export class UserStore {
  mirror: UserStateValue = emptyUserState();
  private sub: Subscription;

  constructor(
    private readonly db: ShopDatabase,
    private readonly now: () => number,
  ) {
    this.sub = db.kv.findOne(KV_KEYS.user).$.subscribe({
      next: (doc) => {
        this.mirror = {
          ...emptyUserState(),
          ...((doc?.toMutableJSON().value as Partial<UserStateValue> | undefined) ?? {}),
        };
      },
      // the database closing under the worker ends the mirror; it must not surface as an uncaught error
      error: (error) => console.error('[session] user state stream ended', error),
    });
  }

  async state(): Promise<UserStateValue> {
    const doc = await this.db.kv.findOne(KV_KEYS.user).exec();
    return { ...emptyUserState(), ...((doc?.toMutableJSON().value as Partial<UserStateValue> | undefined) ?? {}) };
  }

  async save(patch: Partial<UserStateValue>): Promise<void> {
    const next = { ...(await this.state()), ...patch };
    this.mirror = next;
    await this.db.kv.incrementalUpsert({ key: KV_KEYS.user, value: next, updated_at: this.now() });
  }

  async clear(): Promise<void> {
    await this.save({ ...emptyUserState(), local_data_loaded: true });
  }

  /** A response carrying session_expires updates the stored expiry (spec 000 §4). */
  noteResponse(res: Envelope): void {
    const expires = expiryOf(res.meta ?? {});
    if (expires !== null && this.mirror.token && expires !== this.mirror.sessionExpires)
      void this.save({ sessionExpires: expires }).catch(() => undefined);
  }

  close(): void {
    this.sub.unsubscribe();
  }
}

export function expiryOf(meta: Record<string, unknown>): number | null {
  const raw = meta.session_expires;
  if (typeof raw === 'number') return raw < 1e12 ? raw * 1000 : raw;
  if (typeof raw === 'string') {
    const ms = Date.parse(raw);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}
