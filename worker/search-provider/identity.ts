import type { Subscription } from 'rxjs';
import { KV_KEYS, type ShopDatabase } from '../../schemas/index.ts';
import type { UserStateValue } from '../user/user-state.ts';

export interface SearchProviderKeys {
  sessionKey: string;
  customerKey: string;
}

/**
 * Spec 001 §3 "Recommendation identity": the customer's external_id is the customer key, otherwise a stored uuid,
 * plus a stored session uuid; §4 "regenerated on logout or order placement". The keys live in kv (the shopper's
 * data, never purged) so every tab and a restart see the same ones.
 */
export class SearchProviderIdentity {
  private readonly watches: Subscription[] = [];

  constructor(
    private readonly db: ShopDatabase,
    private readonly now: () => number,
  ) {}

  /** The current keys; the stored uuids are created on first use. */
  async keys(): Promise<SearchProviderKeys> {
    const stored = await this.stored();
    const user = (await this.db.kv.findOne(KV_KEYS.user).exec())?.toMutableJSON().value as
      Partial<UserStateValue> | undefined;
    const externalId = user?.token ? user.current?.external_id : undefined;
    return { sessionKey: stored.sessionKey, customerKey: externalId || stored.customerKey };
  }

  /** New session and customer uuids: what the provider learnt of this shopper's visit ends here. */
  async rotate(): Promise<SearchProviderKeys> {
    const fresh = { sessionKey: crypto.randomUUID(), customerKey: crypto.randomUUID() };
    await this.db.kv.upsert({ key: KV_KEYS.searchProvider, value: fresh, updated_at: this.now() });
    return fresh;
  }

  /**
   * Rotates on a logout (the stored token goes) and on an order placed on this device. Both are watched on the
   * database rather than called from the session and the checkout, so neither has to know the provider.
   */
  watch(onRotated: () => void = () => undefined): void {
    let token: string | null | undefined;
    this.watches.push(
      this.db.kv.findOne(KV_KEYS.user).$.subscribe({
        next: (doc) => {
          const next = (doc?.toMutableJSON().value as Partial<UserStateValue> | undefined)?.token ?? null;
          const loggedOut = !!token && !next;
          token = next;
          if (loggedOut) void this.rotate().then(onRotated, (e) => console.error('[search-provider] rotate', e));
        },
        error: (error) => console.error('[search-provider] user state stream ended', error),
      }),
      this.db.orders.insert$.subscribe(() => {
        void this.rotate().then(onRotated, (e) => console.error('[search-provider] rotate', e));
      }),
    );
  }

  stop(): void {
    for (const s of this.watches.splice(0)) s.unsubscribe();
  }

  private async stored(): Promise<SearchProviderKeys> {
    const doc = await this.db.kv.findOne(KV_KEYS.searchProvider).exec();
    const value = doc?.toMutableJSON().value as Partial<SearchProviderKeys> | undefined;
    if (value?.sessionKey && value.customerKey) return { sessionKey: value.sessionKey, customerKey: value.customerKey };
    return this.rotate();
  }
}
