import type { WishlistItem } from '../../contract/wishlist.ts';
import { WISHLIST_QTY, wishlistLoginPlan } from '../../domain/wishlist/login-merge.ts';
import type { WishlistItemDoc } from '../../schemas/index.ts';
import { removeDoc } from '../db/rx-helpers.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope, QueuedModuleDeps, Task } from '../queue/types.ts';
import type { CommandResult } from '../user/api-types.ts';
import { USER_BASE } from '../user/user-store.ts';
import type { WishlistAddInput } from './api-types.ts';
import { WISHLIST_TEXT } from './wishlist-messages.ts';

export const TASK_WISHLIST_ADD = 'wishlist-add';
export const TASK_WISHLIST_DELETE = 'wishlist-delete';
/** Adds and deletes keep their order among themselves (an add answered before the delete of the same item). */
export const WISHLIST_LANE = 'wishlist';
const WISHLIST_URL = `${USER_BASE}/wishlist`;

interface AddPayload {
  key: string;
  productId: number;
}
interface DeletePayload {
  itemId: number;
}

export interface WishlistOptions extends QueuedModuleDeps {
  /** The member's token, or null for a guest (whose list stays on the device, spec 001 §6). */
  userToken: () => string | null;
}

/**
 * The wishlist as a replicated collection (spec 001 §4 "Wishlist"; docs/architecture.md "Writes are local first"): every change
 * is written to `wishlist_items` at once; a member's change then reaches the server as a queued task in the
 * wishlist's lane, so it also works offline and lands once after a reload. A guest keeps the list on the device.
 * Logging out clears it (worker/user/session.ts).
 */
export class Wishlist {
  constructor(private readonly o: WishlistOptions) {
    // a 5xx is an answer here: the spec's rule is "a non-200 rolls the add back"
    o.queue.on(TASK_WISHLIST_ADD, (task, res) => this.onAdded(task, res), {
      lane: WISHLIST_LANE,
      retryServerErrors: false,
      // the device key stays with the task for its handler; the server gets the spec's body only
      prepare: async (task) => ({ payload: { productId: (task.payload as AddPayload).productId } }),
    });
    o.queue.on(TASK_WISHLIST_DELETE, (task, res) => this.onDeleted(task, res), {
      lane: WISHLIST_LANE,
      retryServerErrors: false,
    });
  }

  private find(key: string) {
    return this.o.db.wishlist_items.findOne(key).exec();
  }

  /**
   * Spec 001 §4 "add is applied locally at once. If logged in, the server is called". `announce` shows the
   * wishlist-add notification (a replace, which follows the shopper's size choice, does not).
   */
  async add(input: WishlistAddInput, announce = true): Promise<CommandResult> {
    if (!input?.sku || !Number.isInteger(input.productId) || input.productId < 1 || !input.product?.name)
      return { ok: false, messageKey: WISHLIST_TEXT.invalid };
    if (!(await this.find(input.sku))) {
      const doc: WishlistItemDoc = {
        key: input.sku,
        sku: input.sku,
        id: input.productId,
        parentSku: input.parentSku ?? null,
        parentId: input.parentId ?? null,
        item_id: null,
        qty: WISHLIST_QTY,
        product: input.product,
        added_at: this.o.now(),
      };
      await this.o.db.wishlist_items.insert(doc);
      if (this.o.userToken()) await this.enqueueAdd(doc.key, input.productId);
    }
    if (!announce) return { ok: true };
    this.o.notify({
      type: 'success',
      messageKey: WISHLIST_TEXT.added,
      wishlist: { action: 'add', ...(input.product.image ? { img: input.product.image } : {}) },
    });
    return { ok: true };
  }

  /** Spec 001 §4 "remove is local, then server; on failure it is removed locally again (not restored)". */
  async remove(key: string): Promise<CommandResult> {
    const doc = await this.find(key);
    if (!doc) return { ok: true };
    const itemId = serverItemId(doc.item_id);
    await removeDoc(doc as never);
    // an item whose add is still queued has no server id yet: the add's answer finds it gone and deletes it then
    if (itemId !== null && this.o.userToken()) await this.enqueueDelete(itemId);
    return { ok: true };
  }

  /** Spec 001 §4 "replace deletes the old item, then adds the new one" (both persisted on the device). */
  async replace(oldKey: string, next: WishlistAddInput): Promise<CommandResult> {
    if (oldKey === next?.sku) return { ok: true };
    await this.remove(oldKey);
    return this.add(next, false);
  }

  /**
   * After a login (spec 001 §4): the server's list is read; an empty one gets the device's items pushed up, otherwise
   * the server's items come onto the device (resolved to their products by the display fill, worker/wishlist/index.ts)
   * and the device's items missing there are added. Offline or refused: the device's items are pushed (an add of a
   * product already on the list answers its item, so nothing is doubled) and the server's come with the next login.
   * Nothing here fails the login.
   */
  async reloadAfterLogin(): Promise<void> {
    if (!this.o.userToken()) return;
    let server: WishlistItem[] | null = null;
    try {
      const res = await this.o.queue.execute({ url: `${WISHLIST_URL}?token={{token}}` });
      if (res.code === 200 && Array.isArray(res.result)) server = res.result as WishlistItem[];
    } catch (error) {
      // the login itself has succeeded: a list that cannot be read now must not undo it
      if (!(error instanceof NetworkError)) console.error('[wishlist] reading the account list failed', error);
    }
    const device = (await this.o.db.wishlist_items.find({ sort: [{ added_at: 'asc' }] }).exec()).map((doc) => ({
      key: doc.key,
      productId: typeof doc.id === 'number' ? doc.id : null,
      itemId: serverItemId(doc.item_id),
    }));
    const plan = wishlistLoginPlan(
      device.filter((item) => server !== null || item.itemId === null),
      server ?? [],
    );
    const now = this.o.now();
    for (const [i, item] of plan.fromServer.entries()) {
      if (await this.find(item.sku)) continue;
      await this.o.db.wishlist_items.insert({
        key: item.sku,
        sku: item.sku,
        id: item.product_id,
        item_id: item.item_id,
        qty: WISHLIST_QTY,
        // after the device's items, in the server's order
        added_at: now + i,
      });
    }
    for (const { key, itemId } of plan.link) await (await this.find(key))?.incrementalPatch({ item_id: itemId });
    for (const key of plan.push) {
      const doc = await this.find(key);
      if (doc && typeof doc.id === 'number') await this.enqueueAdd(key, doc.id);
    }
  }

  private enqueueAdd(key: string, productId: number) {
    const payload: AddPayload = { key, productId };
    return this.o.queue.enqueue({
      kind: TASK_WISHLIST_ADD,
      url: `${WISHLIST_URL}/add?token={{token}}`,
      payload,
      silent: true,
    });
  }

  private enqueueDelete(itemId: number) {
    const payload: DeletePayload = { itemId };
    return this.o.queue.enqueue({
      kind: TASK_WISHLIST_DELETE,
      url: `${WISHLIST_URL}/delete?token={{token}}`,
      payload,
      silent: true,
    });
  }

  /** "on a non-200 the local add is rolled back, on success the local item is replaced with the server item_id". */
  private async onAdded(task: Task, res: Envelope): Promise<void> {
    const { key } = task.payload as AddPayload;
    const doc = await this.find(key);
    if (res.code === 200) {
      const itemId = serverItemId((res.result as WishlistItem | null)?.item_id);
      if (itemId === null) return;
      if (doc) await doc.incrementalPatch({ item_id: itemId });
      // removed while the add was on its way: the server must forget it too
      else if (this.o.userToken()) await this.enqueueDelete(itemId);
      return;
    }
    if (doc && serverItemId(doc.item_id) === null) await removeDoc(doc as never);
    // a 401 here is a session that ended (the queue refreshed or logged out already): nothing the shopper can act on
    if (res.code !== 401) this.o.notify({ type: 'danger', messageKey: WISHLIST_TEXT.failed });
  }

  /** 404: the item was already gone (another device, or a retry whose first answer was lost) — the shopper's wish holds. */
  private onDeleted(_task: Task, res: Envelope): void {
    if (res.code === 200 || res.code === 404 || res.code === 401) return;
    this.o.notify({ type: 'danger', messageKey: WISHLIST_TEXT.failed });
  }
}

/** The server's item ids are integers; the device schema also admits strings and null. */
function serverItemId(value: unknown): number | null {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}
