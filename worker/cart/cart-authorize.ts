import type { CartItemDoc } from '../../schemas/index.ts';
import { mergeGuestIntoAccountCart } from '../../src/domain/cart/merge.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import { NetworkError } from '../queue/types.ts';
import type { CartStore } from './cart-store.ts';
import type { CartSync } from './cart-sync.ts';
import { cartUrl, type ServerItem } from './cart-tasks.ts';
import type { CartTotals } from './cart-totals.ts';

/**
 * Spec 000 §4 "Authorizing": remove any coupon, connect the account cart, merge the guest cart into it (quantities of
 * the same item summed ONCE, src/domain/cart/guest-merge.ts), push the result, then re-apply the coupon.
 */
export async function authorizeCart(o: {
  store: CartStore;
  queue: TaskQueue;
  sync: CartSync;
  totals: CartTotals;
  now: () => number;
}): Promise<void> {
  const coupon = (await o.store.state()).coupon?.code ?? null;
  if (coupon) await o.totals.removeCoupon();
  await o.sync.disconnect();
  await o.sync.connect({ sync: false });
  if (!o.store.cartServerToken()) return; // offline: the next sync pushes the device's cart
  let accountItems: ServerItem[] = [];
  try {
    const res = await o.queue.execute({ url: cartUrl('pull') });
    if (res.code === 200 && Array.isArray(res.result)) accountItems = res.result as ServerItem[];
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
  }
  const guestItems = await o.store.items();
  const cartId = o.store.cartServerToken();
  const account = accountItems.map((s) => ({
    sku: s.sku,
    qty: s.qty,
    item_id: s.item_id,
    server_item_id: s.item_id,
    server_cart_id: cartId,
    product_option: s.product_option ?? null,
    product_type: s.product_type,
  }));
  const merged = mergeGuestIntoAccountCart(guestItems, account);
  const now = o.now();
  const lines = merged.map((line) => {
    const doc = { ...line } as Partial<CartItemDoc> & { sku: string; qty: number };
    const item = { ...doc, local_id: doc.local_id ?? crypto.randomUUID(), added_at: doc.added_at ?? now, updated_at: now };
    for (const key of Object.keys(item) as Array<keyof typeof item>) if (item[key] === undefined) delete item[key];
    return item as CartItemDoc;
  });
  await o.store.replaceItems(lines);
  await o.sync.requestSync(true);
  if (coupon) await o.totals.applyCoupon(coupon);
}
