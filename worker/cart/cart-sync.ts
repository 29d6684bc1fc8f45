import type { CartItemBody, ServerCartItem } from '../../contract/cart.ts';
import type { CartItemDoc } from '../../schemas/index.ts';
import { CART_UPDATE_BATCH_MAX } from '../../domain/cart/cart-rules.ts';
import { isSameCartItem } from '../../domain/cart/item-identity.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import { NetworkError } from '../http/errors.ts';
import type { EmitWorkerEvent } from '../events.ts';
import type { Envelope, Notify, Task, TaskInput } from '../queue/types.ts';
import type { CartConfig } from './cart-config.ts';
import { CART_TEXT, SERVER_TEXT } from './cart-messages.ts';
import { CartConnection, type CartSession } from './cart-connect.ts';
import { mergeServerCart, type Server } from './cart-merge.ts';
import type { CartStore } from './cart-store.ts';
import { isOutOfStockRefusal, outOfStockMark } from './stock.ts';
import { isPayloadTooOld } from '../../domain/payload-version.ts';
import {
  cartItemBody,
  cartUrl,
  TASK_CART_DELETE,
  TASK_CART_SYNC,
  TASK_CART_UPDATE,
  type CartDeletePayload,
  type CartSyncPayload,
  type CartUpdatePayload,
} from './cart-tasks.ts';

export interface CartSyncOptions {
  store: CartStore;
  queue: TaskQueue;
  config: CartConfig;
  session: CartSession;
  notify: Notify;
  emit: EmitWorkerEvent;
  log: (message: string) => void;
  now: () => number;
  /**
   * Called (not awaited: it runs inside a drain) when a cart task was answered and no other cart task is waiting: the
   * server cart now holds the device's lines, so its totals are the cart's (and a login's coupon can go back).
   */
  onSettled?: () => unknown;
}

/**
 * The cart's server side (spec 000 §4 "Cart connect", "Sync", "Merge rules", "Updating an item on the server").
 * Every mutation goes through the persisted queue in creation order; `sync` itself is a queued task so it never
 * overtakes the shopper's own changes. Which server cart it is: worker/cart/cart-connect.ts; the merge rules applied
 * to a pulled cart: worker/cart/cart-merge.ts (the decisions come from domain/cart/merge.ts).
 */
export class CartSync {
  private readonly connection: CartConnection;

  /**
   * Accepted lines of a batch whose answers are still being handled: written together (one RxDB write for them all)
   * at the batch's last answer, or before a refused line's answer is handled (which may re-create the cart).
   */
  private accepted: { task: Task; res: Envelope }[] = [];

  constructor(private readonly o: CartSyncOptions) {
    this.connection = new CartConnection({ ...o, requestSync: (force) => this.requestSync(force) });
    o.queue.on(
      TASK_CART_UPDATE,
      this.thenSettle((task, res, batch) => this.onItemUpdated(task, res, batch)),
      {
        prepare: (task) => this.prepareUpdate(task, this.serverLines()),
        // consecutive waiting updates go as one update-batch call (docs/sync-engine.md "Queue drain speed")
        batch: {
          max: CART_UPDATE_BATCH_MAX,
          prepare: (tasks) => this.prepareUpdates(tasks),
          combine: (payloads) => ({
            url: cartUrl('update-batch'),
            payload: { cartItems: (payloads as { cartItem: CartItemBody }[]).map((p) => p.cartItem) },
          }),
          split: (res, count) =>
            res.code === 200 && Array.isArray(res.result) && res.result.length === count
              ? (res.result as Envelope[])
              : null,
        },
      },
    );
    o.queue.on(
      TASK_CART_DELETE,
      this.thenSettle((task, res) => this.onItemDeleted(task, res)),
    );
    o.queue.on(
      TASK_CART_SYNC,
      this.thenSettle((task, res) => this.onPulled(task, res)),
    );
  }

  private thenSettle(handler: (task: Task, res: Envelope, batch?: { more: boolean }) => Promise<void>) {
    return async (task: Task, res: Envelope, batch?: { more: boolean }) => {
      await handler(task, res, batch);
      const onSettled = this.o.onSettled;
      // more answers of the same batch follow: the last one looks
      if (!onSettled || batch?.more) return;
      const waiting = (await this.o.queue.pending()).some(
        (t) =>
          t.task_id !== task.task_id &&
          (t.kind === TASK_CART_UPDATE || t.kind === TASK_CART_DELETE || t.kind === TASK_CART_SYNC),
      );
      if (!waiting)
        void Promise.resolve()
          .then(onSettled)
          .catch(() => undefined);
    };
  }

  private get enabled(): boolean {
    return this.o.config.synchronize;
  }

  // ---- connect (worker/cart/cart-connect.ts) ------------------------------------------------------------------

  connect(options: { guest?: boolean; sync?: boolean } = {}): Promise<void> {
    return this.connection.connect(options);
  }

  recreateServerCart(): Promise<void> {
    return this.connection.recreateServerCart();
  }

  disconnect(): Promise<void> {
    return this.connection.disconnect();
  }

  // ---- sync ----------------------------------------------------------------------------------------------------

  /** Queue a pull-and-merge behind the changes already queued (one pending sync is enough). */
  async requestSync(forceClientState: boolean): Promise<void> {
    if (!this.enabled) return;
    await this.enqueueUnlessWaiting<CartSyncPayload>(
      { kind: TASK_CART_SYNC, url: cartUrl('pull'), method: 'GET', payload: { forceClientState }, silent: true },
      (waiting) => waiting.forceClientState === forceClientState,
    );
  }

  /**
   * Queue `input` unless a task of its kind that `isSame` is still waiting to be sent (not the one running, which has
   * already read what it sends); then waking the queue is enough.
   */
  private async enqueueUnlessWaiting<P>(
    input: TaskInput & { payload: P },
    isSame: (payload: P) => boolean,
  ): Promise<void> {
    const waiting = (await this.o.queue.pending()).some(
      (t) => t.kind === input.kind && !this.o.queue.isRunning(t.task_id) && isSame(t.payload as P),
    );
    if (waiting) void this.o.queue.process();
    else await this.o.queue.enqueue(input);
  }

  /** Spec 000 §4 "Sync": 404 creates a new server cart, 200 merges, anything else retries as guest then logs. */
  private async onPulled(task: Task, res: Envelope): Promise<void> {
    if (res.code === 404) return this.recreateServerCart();
    if (res.code !== 200 || !Array.isArray(res.result)) return this.connection.bypassToGuest(res);
    const { forceClientState } = task.payload as CartSyncPayload;
    // A line the shopper removed has its delete queued behind this pull: it is not brought back. Any other server line
    // the device lacks is added, also while the shopper's edits wait: deleting it would lose lines the device never
    // had (another device's, or the device's own when its storage was wiped), docs/sync-engine.md "Merge rules".
    const removing = new Set(
      (await this.o.queue.pending())
        .filter((t) => t.kind === TASK_CART_DELETE)
        .map((t) => String((t.payload as CartDeletePayload).cartItem.item_id)),
    );
    await mergeServerCart(
      { ...this.o, enqueueUpdate: (localId) => this.enqueueUpdate(localId, true) },
      (res.result as Server[]).filter((line) => !removing.has(String(line.item_id))),
      forceClientState,
    );
  }

  // ---- item updates --------------------------------------------------------------------------------------------

  async enqueueUpdate(localId: string, fromSync = false): Promise<void> {
    if (!this.enabled) return;
    // an update not yet sent reads the line's quantity when it is sent, so one waiting update per line is enough
    await this.enqueueUnlessWaiting<CartUpdatePayload>(
      { kind: TASK_CART_UPDATE, url: cartUrl('update'), payload: { local_id: localId, fromSync }, silent: fromSync },
      (waiting) => waiting.local_id === localId,
    );
  }

  async enqueueDelete(item: CartItemDoc): Promise<void> {
    if (!this.enabled || item.item_id == null) return;
    await this.o.queue.enqueue({
      kind: TASK_CART_DELETE,
      url: cartUrl('delete'),
      payload: { cartItem: { sku: item.sku, item_id: item.item_id } } satisfies CartDeletePayload,
    });
  }

  /**
   * The update of each task, as `prepareUpdate` builds it, with one look at the server cart for them all. A second
   * waiting update of a line already in the batch is dropped: the first reads the line as it is now.
   */
  private async prepareUpdates(tasks: Task[]): Promise<({ payload: { cartItem: CartItemBody } } | null)[]> {
    const serverLines = this.serverLines();
    const seen = new Set<string>();
    const prepared: ({ payload: { cartItem: CartItemBody } } | null)[] = [];
    for (const task of tasks) {
      const { local_id } = task.payload as CartUpdatePayload;
      prepared.push(seen.has(local_id) ? null : await this.prepareUpdate(task, serverLines));
      seen.add(local_id);
    }
    return prepared;
  }

  /**
   * The server cart's lines and the server line ids whose delete is queued, read once on first use (a pull); null
   * when the server gave no usable answer. Throws a NetworkError (try later) for a 5xx.
   */
  private serverLines(): () => Promise<{ lines: Server[]; doomed: Set<string> } | null> {
    let read: Promise<{ lines: Server[]; doomed: Set<string> } | null> | null = null;
    return () =>
      (read ??= (async () => {
        const res = await this.o.queue.execute({ url: cartUrl('pull') });
        // without a trustworthy answer an add could double the line: try later
        if (res.code >= 500) throw new NetworkError(`pull answered ${res.code}`, 'ENETWORK');
        if (res.code !== 200 || !Array.isArray(res.result)) return null;
        // a line whose delete is queued belongs to a line the shopper removed: adopting it would lose this one
        const doomed = new Set(
          (await this.o.queue.pending())
            .filter((t) => t.kind === TASK_CART_DELETE)
            .map((t) => String((t.payload as CartDeletePayload).cartItem.item_id)),
        );
        return { lines: res.result as Server[], doomed };
      })());
  }

  /**
   * Builds the update from the line as it is now. A line without a server id whose earlier attempt got no answer may
   * already be on the server (the answer was lost after the server applied it): look first and link it, so the retry
   * sets the quantity instead of adding the line twice.
   */
  private async prepareUpdate(
    task: Task,
    serverLines: () => Promise<{ lines: Server[]; doomed: Set<string> } | null>,
  ): Promise<{ payload: { cartItem: CartItemBody } } | null> {
    const { local_id } = task.payload as CartUpdatePayload;
    let item = await this.o.store.item(local_id);
    const cartId = this.o.store.cartServerToken();
    if (!item || !cartId) {
      // removed after an attempt that may have landed: a forced sync deletes the orphan server line
      if (task.attempts > 0) await this.requestSync(true);
      return null;
    }
    if (item.item_id == null && task.attempts > 0) {
      const server = await serverLines();
      if (server) {
        const others = (await this.o.store.items()).filter((i) => i.local_id !== local_id && i.item_id != null);
        const landed = server.lines.find(
          (s) =>
            isSameCartItem(item!, s) &&
            !server.doomed.has(String(s.item_id)) &&
            !others.some((o) => String(o.item_id) === String(s.item_id)),
        );
        if (landed) item = (await this.o.store.patchItem(local_id, { item_id: landed.item_id })) ?? item;
      }
    }
    return { payload: { cartItem: cartItemBody(item, cartId) } };
  }

  /** Spec 000 §4 "Updating an item on the server". */
  private async onItemUpdated(task: Task, res: Envelope, batch?: { more: boolean }): Promise<void> {
    if (batch && res.code === 200) {
      this.accepted.push({ task, res });
      if (!batch.more) await this.writeAccepted();
      return;
    }
    await this.writeAccepted();
    if (res.code === 200) return this.onItemAccepted(task, res.result as ServerCartItem);
    return this.onItemRefused(task, res);
  }

  private async writeAccepted(): Promise<void> {
    const accepted = this.accepted;
    this.accepted = [];
    // the writes go together; what follows each (a delete, a notice) in the lines' order
    const items = await Promise.all(
      accepted.map(({ task, res }) => this.patchAccepted(task, res.result as ServerCartItem)),
    );
    for (const [i, { task, res }] of accepted.entries())
      await this.onItemAccepted(task, res.result as ServerCartItem, items[i]);
  }

  private patchAccepted(task: Task, line: ServerCartItem): Promise<CartItemDoc | null> {
    return this.o.store.patchItem((task.payload as CartUpdatePayload).local_id, {
      item_id: line.item_id,
      server_cart_id: this.o.store.cartServerToken(),
      prev_qty: line.qty,
      // the server's unit price is what the line is charged (a member's personal or tier price, spec 000 §6)
      ...(typeof line.price === 'number' ? { price_incl_tax: line.price } : {}),
    });
  }

  private async onItemAccepted(task: Task, line: ServerCartItem, patched?: CartItemDoc | null): Promise<void> {
    const { fromSync } = task.payload as CartUpdatePayload;
    const sent = (task.sent as { cartItem?: CartItemBody } | undefined)?.cartItem;
    const item = patched === undefined ? await this.patchAccepted(task, line) : patched;
    if (item?.errors?.version) {
      const { version: _sent, ...errors } = item.errors;
      await this.o.store.patchItem(item.local_id, { errors });
    }
    // removed while the add was on its way: the server line must go too
    if (!item) {
      await this.o.queue.enqueue({
        kind: TASK_CART_DELETE,
        url: cartUrl('delete'),
        payload: { cartItem: { sku: line.sku, item_id: line.item_id } } satisfies CartDeletePayload,
        silent: true,
      });
      return;
    }
    if (!fromSync && !task.silent && !this.o.session.isInCheckout()) {
      this.o.notify({
        type: 'success',
        messageKey: sent?.item_id === undefined ? CART_TEXT.productAdded : CART_TEXT.qtyUpdated,
        ...(this.o.config.externalCheckout
          ? {}
          : { action: { labelKey: CART_TEXT.proceedToCheckout, href: '/checkout' } }),
      });
    }
  }

  private async onItemRefused(task: Task, res: Envelope): Promise<void> {
    const { local_id } = task.payload as CartUpdatePayload;
    const sent = (task.sent as { cartItem?: CartItemBody } | undefined)?.cartItem;
    if (res.code === 404) {
      const gone = await this.isCartGone();
      if (gone === true) return this.recreateServerCart();
      if (gone === null) return this.requestSync(true);
      // the cart is there: the 404 was about the product (unknown sku), a refusal of this line
    }
    if (res.code === 401) return this.connection.bypassToGuest(res);
    const item = await this.o.store.item(local_id);
    if (!item) return;
    // made by a version of the shop the server no longer takes: the line stays, marked, never silently dropped
    if (isPayloadTooOld(res)) {
      await this.o.store.patchItem(local_id, { errors: { ...item.errors, version: CART_TEXT.payloadTooOld } });
      return;
    }
    // the line id is unknown to this cart (removed elsewhere): send the line again instead of dropping the shopper's item
    if (sent?.item_id !== undefined && res.meta?.item_id !== undefined) {
      await this.o.store.patchItem(local_id, { item_id: null });
      await this.enqueueUpdate(local_id, true);
      return;
    }
    if (res.result === SERVER_TEXT.qtyUnavailable) this.o.emit('add-to-cart-failed', { sku: item.sku });
    // Spec 000 §9 "Out-of-stock items may be added to the cart": a new line of a product with none left stays on the
    // device, marked 'Out of the stock!' (§4 stock sync), so the shopper sees why it cannot be ordered
    if (item.item_id == null && this.o.config.allowOutOfStockInCart && isOutOfStockRefusal(res)) {
      await this.o.store.patchItem(local_id, outOfStockMark());
      return;
    }
    if (item.item_id != null && typeof item.prev_qty === 'number') {
      await this.o.store.patchItem(local_id, { qty: item.prev_qty });
    } else {
      await this.o.store.removeItem(local_id);
    }
  }

  private async onItemDeleted(task: Task, res: Envelope): Promise<void> {
    if (res.code === 200) {
      // a line of the device still pointing at the deleted server line lost its copy there: send it again
      const deleted = String((task.payload as CartDeletePayload).cartItem.item_id);
      for (const item of await this.o.store.items()) {
        if (String(item.item_id) !== deleted) continue;
        await this.o.store.patchItem(item.local_id, { item_id: null });
        await this.enqueueUpdate(item.local_id, true);
      }
      return;
    }
    if (res.code !== 404) return;
    const gone = await this.isCartGone();
    if (gone === true) await this.recreateServerCart();
    else if (gone === null) await this.requestSync(true);
  }

  /**
   * Spec 000 §8: a cart call answering 404 means the server cart is gone — but the server also answers 404 for an
   * unknown product, so a pull decides. null: no usable answer, let a queued sync decide later.
   */
  private async isCartGone(): Promise<boolean | null> {
    try {
      const res = await this.o.queue.execute({ url: cartUrl('pull') });
      if (res.code === 404) return true;
      // only a real look at the cart says it is there; a 401 or 5xx says nothing about it
      return res.code === 200 ? false : null;
    } catch (error) {
      if (error instanceof NetworkError) return null;
      throw error;
    }
  }
}
