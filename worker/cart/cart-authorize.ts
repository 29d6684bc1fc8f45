import type { ServerCartItem } from '../../contract/cart.ts';
import type { CartItemDoc } from '../../schemas/index.ts';
import { mergeGuestIntoAccountCart } from '../../domain/cart/merge.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import { NetworkError } from '../http/errors.ts';
import type { CartStore } from './cart-store.ts';
import type { CartSync } from './cart-sync.ts';
import { cartUrl } from './cart-tasks.ts';
import type { CartTotals } from './cart-totals.ts';

export interface CartAuthorizerOptions {
  store: CartStore;
  queue: TaskQueue;
  sync: CartSync;
  totals: CartTotals;
  now: () => number;
  /** Told when a guest cart with lines has been merged into the account's (counted in the device's outbox report). */
  onMerged?: () => void;
}

/**
 * Spec 000 §4 "Authorizing": remove any coupon, connect the account cart, merge the guest cart into it (quantities of
 * the same item summed ONCE, domain/cart/guest-merge.ts), push the result, then re-apply the coupon.
 *
 * The merge has to read the account cart before any of the device's queued edits reach it: an edit sent to the new
 * account cart first and then summed with the same line again counts twice. So the merge runs with the queue paused.
 * The coupon is re-applied by `CartTotals.afterCartSettled` once the merged lines reached the server.
 * And it survives a lost answer: `guestMerge` stays in the cart state until the merged lines are written, and the
 * queue holds back every cart task until then (`cartReady`), restarting the merge itself.
 */
export class CartAuthorizer {
  private running: Promise<boolean> | null = null;

  constructor(private readonly o: CartAuthorizerOptions) {}

  /** On login. Resolves once the merge is written, or, when the network failed it, once it is left pending. */
  async authorize(): Promise<void> {
    const { store, totals, sync } = this.o;
    const coupon = (await store.state()).coupon?.code ?? null;
    if (coupon) await totals.removeCoupon();
    const release = await this.o.queue.pause();
    try {
      await store.patchState({ guestMerge: { coupon } });
      await sync.disconnect();
    } finally {
      release();
    }
    await this.finish();
  }

  /**
   * The queue's `cartReady` hook: false while a merge is pending, after starting it. It is called from inside a
   * drain, so it must not wait for the merge (which waits for the drain to end).
   */
  async cartReady(): Promise<boolean> {
    if (!this.o.store.guestMergePending()) return true;
    void this.finish().catch(() => undefined);
    return false;
  }

  /** Runs a pending merge (start, going online, the queue); true when none is left. One at a time. */
  finish(): Promise<boolean> {
    this.running ??= this.mergeWithQueuePaused().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async mergeWithQueuePaused(): Promise<boolean> {
    const pending = (await this.o.store.state()).guestMerge;
    if (!pending) return true;
    const release = await this.o.queue.pause();
    let merged: boolean;
    try {
      merged = await this.merge(pending);
    } finally {
      release();
    }
    // the coupon goes back once the merged lines are on the server (the cart's tasks settled, CartSync's onSettled):
    // applied here it met an empty account cart, was refused and the totals read € 0,00
    return merged;
  }

  /** Connect the account cart, read it, write guest + account to the device. False: no trustworthy answer. */
  private async merge(pending: { coupon: string | null }): Promise<boolean> {
    const { store, queue, sync } = this.o;
    await sync.connect({ sync: false });
    if (!store.cartServerToken()) return false;
    let accountItems: ServerCartItem[];
    try {
      const res = await queue.execute({ url: cartUrl('pull') });
      // the new cart is gone already: forget it, the next attempt creates another
      if (res.code === 404) await sync.disconnect();
      if (res.code !== 200 || !Array.isArray(res.result)) return false;
      accountItems = res.result as ServerCartItem[];
    } catch (error) {
      if (error instanceof NetworkError) return false;
      throw error;
    }
    await store.exclusive(async () => {
      const guestItems = await store.items();
      await store.replaceItems(this.mergedLines(guestItems, accountItems), new Set(guestItems.map((i) => i.local_id)));
      await store.patchState({ guestMerge: null, couponToReapply: pending.coupon });
      if (guestItems.length > 0) this.o.onMerged?.();
    });
    // queued behind whatever the device still had to send; it runs when the queue is released
    await sync.requestSync(true);
    return true;
  }

  private mergedLines(guestItems: CartItemDoc[], accountItems: ServerCartItem[]): CartItemDoc[] {
    const cartId = this.o.store.cartServerToken();
    const account = accountItems.map((s) => ({
      sku: s.sku,
      qty: s.qty,
      item_id: s.item_id,
      server_cart_id: cartId,
      product_option: s.product_option ?? null,
      product_type: s.product_type,
    }));
    const now = this.o.now();
    return mergeGuestIntoAccountCart(guestItems, account).map((line) => {
      const doc = { ...line } as Partial<CartItemDoc> & { sku: string; qty: number };
      const item = {
        ...doc,
        local_id: doc.local_id ?? crypto.randomUUID(),
        added_at: doc.added_at ?? now,
        updated_at: now,
      };
      for (const key of Object.keys(item) as Array<keyof typeof item>) if (item[key] === undefined) delete item[key];
      return item as CartItemDoc;
    });
  }
}
