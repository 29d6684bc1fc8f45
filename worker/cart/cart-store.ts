import type { Subscription } from 'rxjs';
import { KV_KEYS, type CartItemDoc, type ShopDatabase } from '../../schemas/index.ts';
import { emptyCartState, type CartStateValue } from './cart-state.ts';
import { removeAll, removeDoc } from '../db/rx-helpers.ts';

/**
 * The cart on the device: state in kv (`current-cart`), lines in `cart_items`. The cart token is mirrored in memory
 * from the live document so the queue can read it synchronously, also after another tab changed it.
 */
export class CartStore {
  private token: string | null = null;
  private mergePending = false;
  private sub: Subscription;
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    readonly db: ShopDatabase,
    private readonly now: () => number,
  ) {
    this.sub = db.kv.findOne(KV_KEYS.cart).$.subscribe({
      next: (doc) => {
        const value = doc?.toMutableJSON().value as Partial<CartStateValue> | undefined;
        this.token = value?.cartServerToken ?? null;
        this.mergePending = !!value?.guestMerge;
      },
      // the database closing under the worker ends the mirror; it must not surface as an uncaught error
      error: (error) => console.error('[cart] cart state stream ended', error),
    });
  }

  /**
   * Runs `work` after every earlier exclusive section of this tab: read-then-write changes of the lines (the
   * shopper's commands, the login merge) must not interleave, or one writes over what the other just did (a line
   * removed by the shopper coming back with the merge). Keep sections local: no network inside.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.last.then(work, work);
    this.last = run.catch(() => undefined);
    return run;
  }

  cartServerToken(): string | null {
    return this.token;
  }

  /** A login merge is still to be written (`guestMerge`), read without a database query: the queue asks per task. */
  guestMergePending(): boolean {
    return this.mergePending;
  }

  async state(): Promise<CartStateValue> {
    const doc = await this.db.kv.findOne(KV_KEYS.cart).exec();
    return { ...emptyCartState(), ...((doc?.toMutableJSON().value as Partial<CartStateValue> | undefined) ?? {}) };
  }

  async patchState(patch: Partial<CartStateValue>): Promise<CartStateValue> {
    if ('cartServerToken' in patch) this.token = patch.cartServerToken ?? null;
    if ('guestMerge' in patch) this.mergePending = !!patch.guestMerge;
    let doc = await this.db.kv.findOne(KV_KEYS.cart).exec();
    if (!doc) {
      try {
        await this.db.kv.insert({
          key: KV_KEYS.cart,
          value: { ...emptyCartState(), ...patch },
          updated_at: this.now(),
        });
        return this.state();
      } catch {
        doc = await this.db.kv.findOne(KV_KEYS.cart).exec();
        if (!doc) throw new Error('cart state could not be stored');
      }
    }
    const next = await doc.incrementalModify((data) => ({
      ...data,
      value: { ...emptyCartState(), ...(data.value as Partial<CartStateValue>), ...patch },
      updated_at: this.now(),
    }));
    return next.toMutableJSON().value as CartStateValue;
  }

  /** When the cart last bypassed to a guest cart (spec 000 §9 storage key `last-cart-bypass-ts`); null: never. */
  async lastBypassAt(): Promise<number | null> {
    const value = (await this.db.kv.findOne(KV_KEYS.lastCartBypass).exec())?.toMutableJSON().value;
    return typeof value === 'number' ? value : null;
  }

  async noteBypass(at: number): Promise<void> {
    await this.db.kv.incrementalUpsert({ key: KV_KEYS.lastCartBypass, value: at, updated_at: at });
  }

  async items(): Promise<CartItemDoc[]> {
    const docs = await this.db.cart_items.find({ sort: [{ added_at: 'asc' }] }).exec();
    return docs.map((d) => d.toMutableJSON());
  }

  async item(localId: string): Promise<CartItemDoc | null> {
    const doc = await this.db.cart_items.findOne(localId).exec();
    return doc ? doc.toMutableJSON() : null;
  }

  async insertItem(item: CartItemDoc): Promise<void> {
    await this.db.cart_items.insert(item);
  }

  /** Patch a line; null when it is gone (removed meanwhile by the shopper or another tab). */
  async patchItem(localId: string, patch: Partial<CartItemDoc>): Promise<CartItemDoc | null> {
    // A line can be removed between the read and the write (the shopper, the merge, another tab); RxDB then answers
    // CONFLICT against the deleted revision. That is "gone", not a failed update: callers must not roll back for it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const doc = await this.db.cart_items.findOne(localId).exec();
      if (!doc || doc.deleted) return null;
      try {
        const next = await doc.incrementalModify((data) => ({ ...data, ...patch, updated_at: this.now() }));
        if (next.deleted) return null;
        return next.toMutableJSON();
      } catch (error) {
        if ((error as { code?: string }).code !== 'CONFLICT') throw error;
      }
    }
    throw new Error(`cart line ${localId} kept changing while it was being updated`);
  }

  async removeItem(localId: string): Promise<CartItemDoc | null> {
    const doc = await this.db.cart_items.findOne(localId).exec();
    if (!doc) return null;
    const data = doc.toMutableJSON();
    await removeDoc(doc as never);
    return data;
  }

  /**
   * Makes the device's lines `lines`: writes them first (conflict-safe upserts, so a queued task touching a line
   * meanwhile cannot make it fail), then removes the lines no longer wanted. Interrupted at any point, no line the
   * shopper had is lost (clearing first and re-inserting would lose lines on a CONFLICT).
   * `replacing`: the local ids the caller read and replaced; a line added since (another tab, the shopper) stays.
   */
  async replaceItems(lines: CartItemDoc[], replacing?: ReadonlySet<string>): Promise<void> {
    for (const line of lines) await this.db.cart_items.incrementalUpsert(line);
    const keep = new Set(lines.map((l) => l.local_id));
    for (const doc of await this.db.cart_items.find().exec()) {
      if (!keep.has(doc.local_id) && (!replacing || replacing.has(doc.local_id))) await removeDoc(doc as never);
    }
  }

  async clearItems(): Promise<void> {
    await removeAll(this.db.cart_items.find());
  }

  close(): void {
    this.sub.unsubscribe();
  }
}
