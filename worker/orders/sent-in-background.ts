import { KV_KEYS, type ShopDatabase } from '../../schemas/index.ts';
import type { Notify } from '../queue/types.ts';
import { ORDER_SENT } from './checkout.ts';

/** An order sent while the shop was closed: its confirmation shows the number, the amount and 'Pay now'. */
const VIEW_SENT_ORDER = { labelKey: 'View your order', href: '/checkout-return/' };

/**
 * Orders the service worker's Background Sync placed while no tab was open, kept in the device database until a tab
 * has told the shopper (docs/sync-engine.md "Background Sync").
 */
export class SentInBackground {
  constructor(private readonly o: { db: ShopDatabase; now: () => number }) {}

  /** Orders of this device the server has not answered (waiting or queued): what a background send may place. */
  async unansweredOrderIds(): Promise<string[]> {
    return (await this.o.db.orders.find({ selector: { transmited: false } }).exec()).map((d) => d.order_id);
  }

  /** After a background send: the orders of `orderIds` it placed are kept for the next tab to tell (`watch`). */
  async remember(orderIds: readonly string[]): Promise<void> {
    if (orderIds.length === 0) return;
    const placed = await this.o.db.orders.find({ selector: { order_id: { $in: [...orderIds] }, code: 200 } }).exec();
    if (placed.length === 0) return;
    const doc = await this.o.db.kv.findOne(KV_KEYS.sentInBackground).exec();
    const earlier = (doc?.value as string[] | undefined) ?? [];
    const value = [...new Set([...earlier, ...placed.map((d) => d.order_id)])];
    await this.o.db.kv.incrementalUpsert({ key: KV_KEYS.sentInBackground, value, updated_at: this.o.now() });
  }

  /**
   * A tab tells the shopper about those orders (kept before it started, or while it runs): 'Your order has been sent'
   * with the way to its confirmation, in one tab only.
   */
  watch(notify: Notify): () => void {
    const subscription = this.o.db.kv.findOne(KV_KEYS.sentInBackground).$.subscribe((doc) => {
      if (!doc || (doc.value as string[]).length === 0) return;
      // emptied as a compare-and-set: of two tabs starting together, the one whose write emptied it tells its shopper
      let mine = false;
      void doc
        .incrementalModify((data) => {
          mine = (data.value as string[]).length > 0;
          return { ...data, value: [], updated_at: this.o.now() };
        })
        .then(
          () => {
            if (mine) notify({ type: 'success', messageKey: ORDER_SENT, action: VIEW_SENT_ORDER, hasNoTimeout: true });
          },
          // not emptied (the database closing under it): the orders stay kept, and the next tab tells them
          () => undefined,
        );
    });
    return () => subscription.unsubscribe();
  }
}
