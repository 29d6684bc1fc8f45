import type { CartItemBody, ServerCartItem } from '../../contract/cart.ts';
import type { CartItemDoc } from '../../schemas/index.ts';
import { isSameCartItem } from '../../domain/cart/item-identity.ts';
import { mergeCart, type MergeAction, type ServerLine } from '../../domain/cart/merge.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import { NetworkError } from '../http/errors.ts';
import type { EmitWorkerEvent } from '../events.ts';
import type { Envelope, Notify, Task, TaskInput } from '../queue/types.ts';
import type { CartConfig } from './cart-config.ts';
import { CART_LOG, CART_TEXT, SERVER_TEXT } from './cart-messages.ts';
import type { CartStore } from './cart-store.ts';
import {
  CART_BASE,
  cartItemBody,
  cartUrl,
  TASK_CART_DELETE,
  TASK_CART_SYNC,
  TASK_CART_UPDATE,
  type CartDeletePayload,
  type CartSyncPayload,
  type CartUpdatePayload,
} from './cart-tasks.ts';

/** What the cart needs from the session. */
export interface CartSession {
  userToken(): string | null;
  /** Spec 000 §4: the user counts as in checkout if the last modification was within 30 minutes. */
  isInCheckout(): boolean;
}

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

type Client = CartItemDoc;
type Server = ServerCartItem & ServerLine;

/**
 * The cart's server side (spec 000 §4 "Cart connect", "Sync", "Merge rules", "Updating an item on the server").
 * Every mutation goes through the persisted queue in creation order; `sync` itself is a queued task so it never
 * overtakes the shopper's own changes. The merge decisions come from domain/cart/merge.ts; this class applies them.
 */
export class CartSync {
  private connecting: Promise<void> | null = null;

  constructor(private readonly o: CartSyncOptions) {
    o.queue.on(
      TASK_CART_UPDATE,
      this.thenSettle((task, res) => this.onItemUpdated(task, res)),
      {
        prepare: (task) => this.prepareUpdate(task),
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

  private thenSettle(handler: (task: Task, res: Envelope) => Promise<void>) {
    return async (task: Task, res: Envelope) => {
      await handler(task, res);
      const onSettled = this.o.onSettled;
      if (!onSettled) return;
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

  // ---- connect -------------------------------------------------------------------------------------------------

  /**
   * Spec 000 §4 "Cart connect": 200 stores the server token and syncs; 401 retries as a guest cart until
   * maxCartBypassAttempts (the counter resets when a connect succeeds); otherwise sync is disabled for the session.
   * Concurrent callers wait for the attempt in flight (one device never creates two carts at once) and try again
   * themselves when it ended without a cart (e.g. it started before the network came back).
   */
  async connect(options: { guest?: boolean; sync?: boolean } = {}): Promise<void> {
    if (!this.enabled) return;
    const sync = options.sync ?? true;
    while (this.connecting) await this.connecting.catch(() => undefined);
    if (this.o.store.cartServerToken()) {
      if (sync) await this.requestSync(true);
      return;
    }
    this.connecting = this.doConnect(options.guest ?? false, sync).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async doConnect(guest: boolean, sync: boolean): Promise<void> {
    if (!guest && !this.o.session.userToken() && (await this.adoptRememberedCart(sync))) return;
    // the server cart is the store view's own: a customer has one per store view, so NL and BE never mix
    const query = [
      ...(this.o.config.storeCode ? [`storeCode=${this.o.config.storeCode}`] : []),
      ...(guest || !this.o.session.userToken() ? [] : ['token={{token}}']),
    ].join('&');
    const url = query ? `${CART_BASE}/create?${query}` : `${CART_BASE}/create`;
    let res: Envelope;
    try {
      res = await this.o.queue.execute({ url, method: 'POST' });
    } catch (error) {
      if (error instanceof NetworkError) return; // offline: connect again when online
      throw error;
    }
    if (res.code === 200 && typeof res.result === 'string') {
      await this.o.store.patchState({ cartServerToken: res.result, connectBypassCount: 0, syncDisabled: false });
      if (sync) await this.requestSync(true);
      return;
    }
    // 5xx is a server or gateway that fell over, not a refusal: connect again later instead of giving up the cart
    if (res.code >= 500) return;
    if (res.code === 401 || res.code >= 400) await this.bypassToGuest(res);
  }

  /**
   * A device without a cart asks for the guest cart the server remembers for this browser (an HttpOnly cookie, set
   * when the cart was created): the device's storage may have been wiped while the cart lives on. Its lines come onto
   * the device by a sync that does not force the (empty) device's state. False when there is none to adopt.
   */
  private async adoptRememberedCart(sync: boolean): Promise<boolean> {
    if ((await this.o.store.items()).length > 0) return false;
    const store = this.o.config.storeCode ? `?storeCode=${this.o.config.storeCode}` : '';
    let res: Envelope;
    try {
      res = await this.o.queue.execute({ url: `${CART_BASE}/remembered${store}` });
    } catch (error) {
      if (error instanceof NetworkError) return false;
      throw error;
    }
    if (res.code !== 200 || typeof res.result !== 'string' || this.o.store.cartServerToken()) return false;
    await this.o.store.patchState({ cartServerToken: res.result, connectBypassCount: 0, syncDisabled: false });
    if (sync) await this.requestSync(false);
    return true;
  }

  /** Spec 000 §4: a refused cart call retries with a guest cart up to the bypass limit, then gives up (logged). */
  private async bypassToGuest(res: Envelope): Promise<void> {
    const state = await this.o.store.state();
    if (state.connectBypassCount < this.o.config.maxCartBypassAttempts) {
      await this.o.store.patchState({ connectBypassCount: state.connectBypassCount + 1, cartServerToken: null });
      await this.doConnect(true, true);
      return;
    }
    await this.o.store.patchState({ syncDisabled: true });
    this.o.log(`${CART_LOG.syncFailed}: ${res.code} ${JSON.stringify(res.result)}`);
  }

  /** The server cart is gone (404): forget it and every line id that belonged to it, then create a new one. */
  async recreateServerCart(): Promise<void> {
    await this.o.store.patchState({ cartServerToken: null, cartServerLastSyncDate: null });
    for (const item of await this.o.store.items()) {
      if (item.item_id != null) await this.o.store.patchItem(item.local_id, { item_id: null, server_cart_id: null });
    }
    await this.connect({ sync: true });
  }

  /** Disconnect: the device forgets the server cart (logout, order placed). */
  async disconnect(): Promise<void> {
    await this.o.store.patchState({ cartServerToken: null, cartServerLastSyncDate: null, connectBypassCount: 0 });
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
      (t) => t.kind === input.kind && t.task_id !== this.o.queue.runningTaskId && isSame(t.payload as P),
    );
    if (waiting) void this.o.queue.process();
    else await this.o.queue.enqueue(input);
  }

  /** Spec 000 §4 "Sync": 404 creates a new server cart, 200 merges, anything else retries as guest then logs. */
  private async onPulled(task: Task, res: Envelope): Promise<void> {
    if (res.code === 404) return this.recreateServerCart();
    if (res.code !== 200 || !Array.isArray(res.result)) return this.bypassToGuest(res);
    const payload = task.payload as CartSyncPayload;
    // a newer edit queued behind this pull means the shopper's state is ahead of the server's
    const newerEdits = (await this.o.queue.pending()).some(
      (t) => t.kind === TASK_CART_UPDATE || t.kind === TASK_CART_DELETE,
    );
    const forceClientState = payload.forceClientState || newerEdits;
    await this.merge(res.result as Server[], forceClientState);
  }

  private async merge(serverItems: Server[], forceClientState: boolean): Promise<void> {
    const clientItems = await this.o.store.items();
    const actions = mergeCart<Client, Server>(clientItems, serverItems, this.o.config, {
      forceClientState,
      dryRun: false,
    });
    for (const action of actions) await this.apply(action);
    await this.o.store.patchState({ cartServerLastSyncDate: this.o.now(), cartIsLoaded: true });
  }

  private async apply(action: MergeAction<Client, Server>): Promise<void> {
    const { store, queue } = this.o;
    switch (action.type) {
      case 'push-to-server':
        // the line the client knew is not on the server: send it as a new line
        await store.patchItem(action.item.local_id, { item_id: null });
        await this.enqueueUpdate(action.item.local_id, true);
        return;
      case 'remove-local':
        await store.removeItem(action.item.local_id);
        return;
      case 'update-server-qty':
        await store.patchItem(action.item.local_id, { item_id: action.serverItem.item_id });
        await this.enqueueUpdate(action.item.local_id, true);
        return;
      case 'adopt-server-qty':
        await store.patchItem(action.item.local_id, { qty: action.serverItem.qty, prev_qty: action.serverItem.qty });
        return;
      case 'delete-on-server':
        await queue.enqueue({
          kind: TASK_CART_DELETE,
          url: cartUrl('delete'),
          payload: {
            cartItem: { sku: action.serverItem.sku, item_id: action.serverItem.item_id },
          } satisfies CartDeletePayload,
          silent: true,
        });
        return;
      case 'add-from-server':
        await store.insertItem(this.fromServer(action.serverItem));
        return;
      case 'link-server-id':
        await store.patchItem(action.item.local_id, {
          item_id: action.serverItem.item_id,
          server_cart_id: this.o.store.cartServerToken(),
          prev_qty: action.serverItem.qty,
        });
        return;
      case 'report':
        return;
    }
  }

  private fromServer(s: Server): CartItemDoc {
    const now = this.o.now();
    const item: CartItemDoc = {
      local_id: crypto.randomUUID(),
      sku: s.sku,
      qty: s.qty,
      prev_qty: s.qty,
      item_id: s.item_id,
      server_cart_id: this.o.store.cartServerToken(),
      product_option: s.product_option ?? null,
      product_type: s.product_type,
      type_id: s.product_type,
      added_at: now,
      updated_at: now,
    };
    if (s.price !== undefined) item.price_incl_tax = s.price;
    if (s.name !== undefined) item.product = { name: s.name };
    return item;
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
   * Builds the update from the line as it is now. A line without a server id whose earlier attempt got no answer may
   * already be on the server (the answer was lost after the server applied it): look first and link it, so the retry
   * sets the quantity instead of adding the line twice.
   */
  private async prepareUpdate(task: Task): Promise<{ payload: { cartItem: CartItemBody } } | null> {
    const { local_id } = task.payload as CartUpdatePayload;
    let item = await this.o.store.item(local_id);
    const cartId = this.o.store.cartServerToken();
    if (!item || !cartId) {
      // removed after an attempt that may have landed: a forced sync deletes the orphan server line
      if (task.attempts > 0) await this.requestSync(true);
      return null;
    }
    if (item.item_id == null && task.attempts > 0) {
      const res = await this.o.queue.execute({ url: cartUrl('pull') });
      // without a trustworthy answer an add could double the line: try later
      if (res.code >= 500) throw new NetworkError(`pull answered ${res.code}`, 'ENETWORK');
      if (res.code === 200 && Array.isArray(res.result)) {
        const others = (await this.o.store.items()).filter((i) => i.local_id !== local_id && i.item_id != null);
        // a line whose delete is queued belongs to a line the shopper removed: adopting it would lose this one
        const doomed = new Set(
          (await this.o.queue.pending())
            .filter((t) => t.kind === TASK_CART_DELETE)
            .map((t) => String((t.payload as CartDeletePayload).cartItem.item_id)),
        );
        const landed = (res.result as Server[]).find(
          (s) =>
            isSameCartItem(item!, s) &&
            !doomed.has(String(s.item_id)) &&
            !others.some((o) => String(o.item_id) === String(s.item_id)),
        );
        if (landed) item = (await this.o.store.patchItem(local_id, { item_id: landed.item_id })) ?? item;
      }
    }
    return { payload: { cartItem: cartItemBody(item, cartId) } };
  }

  /** Spec 000 §4 "Updating an item on the server". */
  private async onItemUpdated(task: Task, res: Envelope): Promise<void> {
    const { local_id, fromSync } = task.payload as CartUpdatePayload;
    const sent = (task.sent as { cartItem?: CartItemBody } | undefined)?.cartItem;
    if (res.code === 200) {
      const line = res.result as ServerCartItem;
      const item = await this.o.store.patchItem(local_id, {
        item_id: line.item_id,
        server_cart_id: this.o.store.cartServerToken(),
        prev_qty: line.qty,
        // the server's unit price is what the line is charged (a member's personal or tier price, spec 000 §6)
        ...(typeof line.price === 'number' ? { price_incl_tax: line.price } : {}),
      });
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
      return;
    }
    if (res.code === 404) {
      const gone = await this.isCartGone();
      if (gone === true) return this.recreateServerCart();
      if (gone === null) return this.requestSync(true);
      // the cart is there: the 404 was about the product (unknown sku), a refusal of this line
    }
    if (res.code === 401) return this.bypassToGuest(res);
    const item = await this.o.store.item(local_id);
    if (!item) return;
    // the line id is unknown to this cart (removed elsewhere): send the line again instead of dropping the shopper's item
    if (sent?.item_id !== undefined && res.meta?.item_id !== undefined) {
      await this.o.store.patchItem(local_id, { item_id: null });
      await this.enqueueUpdate(local_id, true);
      return;
    }
    if (res.result === SERVER_TEXT.qtyUnavailable) this.o.emit('add-to-cart-failed', { sku: item.sku });
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
