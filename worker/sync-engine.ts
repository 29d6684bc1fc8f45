import type { ShopDatabase } from '../schemas/index.ts';
import { CartAuthorizer } from './cart/cart-authorize.ts';
import { CartCommands } from './cart/cart-commands.ts';
import { defaultCartConfig, type CartConfig } from './cart/cart-config.ts';
import { CartStore } from './cart/cart-store.ts';
import { CartSync } from './cart/cart-sync.ts';
import { CartTotals } from './cart/cart-totals.ts';
import { StockChecker } from './cart/stock.ts';
import type { EmitWorkerEvent } from './events.ts';
import { Checkout } from './orders/checkout.ts';
import { TaskQueue } from './queue/task-queue.ts';
import { sleep } from './sleep.ts';
import type { Notify, QueuedModuleDeps, Transport } from './queue/types.ts';
import { Session } from './user/session.ts';
import { Wishlist } from './wishlist/wishlist.ts';
import { SearchProviderIdentity } from './search-provider/identity.ts';
import { ProviderNotifier } from './search-provider/notifications.ts';
import { OutboxReporter } from './queue/outbox-report.ts';
import { SOLD_OUT_IN_CART } from './orders/order-repricing.ts';
import { SentInBackground } from './orders/sent-in-background.ts';

/** How long a logout waits for queued changes to reach the server before the device forgets the account's cart. */
export const LOGOUT_SEND_QUEUED_MS = 5000;
const SEND_QUEUED_ROUND_MS = 50;

export interface SyncEngineOptions {
  db: ShopDatabase;
  transport: Transport;
  notify: Notify;
  emit?: EmitWorkerEvent;
  log?: (message: string) => void;
  now?: () => number;
  /** Default: RxDB leader election of `db` (only the leader tab runs the queue). */
  isLeader?: () => boolean;
  retryWaitMs?: number;
  cart?: Partial<CartConfig>;
  /** users.autoRefreshTokens (default on). */
  autoRefresh?: boolean;
  /** Offline orders sent on going online without asking (spec 000 §4 "Offline"; default in orders/checkout.ts). */
  automaticOrderTransmission?: boolean;
  /** How long an order may wait on the device before it expires (default in orders/checkout.ts). */
  orderMaxWaitMs?: number;
  online?: boolean;
  /** Tell the server what waits in the outbox at start, on going online and after drains (default off: tests). */
  outboxReports?: boolean;
}

/**
 * The worker's sync engine: one queue shared by session, cart, checkout and wishlist, wired together here, at the worker root,
 * so that queue/ knows nothing of the areas that use it. The area factories (worker/user, worker/cart, worker/orders)
 * expose its commands; tests construct it directly on fake-indexeddb.
 */
export class SyncEngine {
  readonly queue: TaskQueue;
  readonly cartStore: CartStore;
  readonly cartSync: CartSync;
  readonly cart: CartCommands;
  readonly stock: StockChecker;
  readonly totals: CartTotals;
  readonly session: Session;
  readonly checkout: Checkout;
  /** Orders the service worker placed with no tab open, until a tab told the shopper (docs/sync-engine.md). */
  readonly sentInBackground: SentInBackground;
  readonly wishlist: Wishlist;
  /** The search provider's keys (rotated on logout and order) and its notifications (spec 001 §3, §4, §7). */
  readonly providerIdentity: SearchProviderIdentity;
  readonly providerNotifier: ProviderNotifier;
  readonly authorizer: CartAuthorizer;
  readonly config: CartConfig;
  readonly outbox: OutboxReporter | null;
  private readonly now: () => number;

  constructor(readonly o: SyncEngineOptions) {
    // Date.now read at each call: a clock set right while the worker runs (or moved by a test) is the one used
    const now = (this.now = o.now ?? (() => Date.now()));
    const emit = o.emit ?? (() => undefined);
    const log = o.log ?? ((m: string) => console.error(`[sync] ${m}`));
    this.config = { ...defaultCartConfig(), ...o.cart };
    let session: Session | null = null;
    // every answer may carry session_expires (spec 000 §4)
    const transport: Transport = async (request) => {
      const response = await o.transport(request);
      session?.noteResponse(response);
      return response;
    };
    const isLeader = o.isLeader ?? (() => (o.db as unknown as { isLeader?: () => boolean }).isLeader?.() ?? true);
    let outbox: OutboxReporter | null = null;
    this.queue = new TaskQueue({
      collection: o.db.sync_tasks,
      transport,
      notify: o.notify,
      emit,
      log,
      isLeader,
      retryWaitMs: o.retryWaitMs,
      now,
      onRejected: (reason) => outbox?.noteRejection(reason),
      onDrained: () => outbox?.drained(),
    });
    this.queue.online = o.online ?? true;
    outbox = this.outbox = o.outboxReports ? new OutboxReporter({ db: o.db, queue: this.queue, now, log }) : null;
    const deps: QueuedModuleDeps = { db: o.db, queue: this.queue, notify: o.notify, now };
    session = this.session = new Session({
      ...deps,
      online: () => this.queue.online,
      autoRefresh: o.autoRefresh,
    });
    this.cartStore = new CartStore(o.db, now);
    this.checkout = new Checkout({
      ...deps,
      cartItems: () => this.cartStore.items(),
      cartId: () => this.cartStore.cartServerToken(),
      userId: () => this.session.customerId(),
      takeOrderedLines: (products, orderCartId) => this.cart.takeOrdered(products, orderCartId),
      addToCart: (line) => this.cart.add(line),
      markSoldOut: async (skus) => {
        for (const item of await this.cartStore.items())
          if (skus.includes(item.sku))
            await this.cartStore.patchItem(item.local_id, { is_in_stock: false, errors: { stock: SOLD_OUT_IN_CART } });
      },
      automaticTransmission: o.automaticOrderTransmission,
      orderMaxWaitMs: o.orderMaxWaitMs,
    });
    this.sentInBackground = new SentInBackground({ db: o.db, now });
    const cartSession = { userToken: () => this.session.userToken(), isInCheckout: () => this.checkout.isInCheckout() };
    this.cartSync = new CartSync({
      store: this.cartStore,
      queue: this.queue,
      config: this.config,
      session: cartSession,
      notify: o.notify,
      emit,
      log,
      now,
      onSettled: () => this.totals.afterCartSettled(),
    });
    this.stock = new StockChecker({
      store: this.cartStore,
      queue: this.queue,
      config: this.config,
      notify: o.notify,
      online: () => this.queue.online,
    });
    this.totals = new CartTotals({
      store: this.cartStore,
      queue: this.queue,
      config: this.config,
      log,
      notify: o.notify,
      cartGone: () => this.cartSync.requestSync(true),
    });
    this.cart = new CartCommands({
      store: this.cartStore,
      sync: this.cartSync,
      stock: this.stock,
      config: this.config,
      notify: o.notify,
      now,
      guard: () => this.session.guard(),
    });
    this.wishlist = new Wishlist({ ...deps, userToken: () => this.session.userToken() });
    this.providerIdentity = new SearchProviderIdentity(o.db, now);
    this.providerIdentity.watch();
    this.providerNotifier = new ProviderNotifier(this.queue, this.providerIdentity, log);
    const authorizer = (this.authorizer = new CartAuthorizer({
      store: this.cartStore,
      queue: this.queue,
      sync: this.cartSync,
      totals: this.totals,
      now,
      onMerged: () => outbox?.noteMerge(),
    }));
    this.queue.bind({
      userToken: () => this.session.userToken(),
      cartId: () => this.cartStore.cartServerToken(),
      autoRefresh: () => this.session.autoRefresh,
      refreshUserToken: () => this.session.refreshUserToken(),
      logout: async (options) => {
        await this.session.logout(options);
      },
      recreateCart: () => this.cartSync.connect({ sync: true }),
      cartReady: () => authorizer.cartReady(),
    });
    this.session.bindSeams({
      sendQueued: () => this.sendQueued(),
      disconnectCart: () => this.cartSync.disconnect(),
      emptyCartLocally: async () => {
        await this.cart.clear({ sync: false, disconnect: true });
        this.totals.resumeSettling();
      },
      clearCheckoutDetails: () => this.checkout.clear(),
      authorizeCart: () => authorizer.authorize(),
      reloadWishlist: () => this.wishlist.reloadAfterLogin(),
    });
  }

  private restoring: Promise<void> | null = null;

  /**
   * The device's own state read back (session, checkout activity, cart loaded): all a local-first command needs. The
   * shopper's first tap waits for this, never for the server (docs/sync-engine.md "Start").
   */
  restoreLocal(): Promise<void> {
    // three reads of separate documents: on a first start each is its table's first access, so they go together
    this.restoring ??= Promise.all([
      this.session.restore(),
      this.checkout.loadActivity(),
      // the cart state document read (and written on a first start), as the session's is by restore()
      this.cartStore.patchState({}),
    ]).then(() => undefined);
    return this.restoring;
  }

  /** Restore the device's state, connect the cart (or merge with the server cart), start sending. */
  async start(): Promise<void> {
    await this.restoreLocal();
    // an order that waited too long is not sent, whatever starts sending next
    await this.checkout.expireWaitingOrders();
    const leader = this.o.db as unknown as { waitForLeadership?: () => Promise<boolean> };
    if (!this.o.isLeader && leader.waitForLeadership) void leader.waitForLeadership().then(() => this.queue.wake());
    if (this.queue.online) await this.connectOrSync(false);
    // what an earlier session left waiting goes now, not with the next change the shopper makes
    this.queue.wake();
    void this.outbox?.report();
  }

  /** Docs/sync-engine.md "When the queue sends": a tab became visible, or `online` while already online. */
  wake(): void {
    this.queue.wake();
  }

  private async connectOrSync(forceClientState: boolean): Promise<void> {
    if (!this.config.synchronize) return;
    // a login merge cut short by the network: finish it first (it connects and syncs)
    if ((await this.cartStore.state()).guestMerge) {
      await this.authorizer.finish();
      return;
    }
    if (!this.cartStore.cartServerToken()) await this.cartSync.connect({ sync: true });
    else await this.cartSync.requestSync(forceClientState);
  }

  /**
   * Spec 000 §4 "Offline": going online processes the queue, reloads the cart from client state and sends the orders
   * placed offline when automatic transmission is on (otherwise the app asks the shopper first).
   */
  async setOnline(online: boolean): Promise<void> {
    this.queue.setOnline(online);
    if (!online) return;
    void this.outbox?.report();
    await this.connectOrSync(true);
    await this.checkout.onOnline();
  }

  /** Spec 000 §2: on the checkout-return path a missing server cart is replaced by a new one (checkout-return mode). */
  async checkoutReturn(): Promise<void> {
    if (this.queue.online) await this.connectOrSync(false);
  }

  /**
   * Before a logout: everything queued answered, the login merge done and the cart still on the server (a cart found
   * gone on the way is created again and the lines pushed), within LOGOUT_SEND_QUEUED_MS. False when that did not
   * finish.
   */
  private async sendQueued(): Promise<boolean> {
    const end = this.now() + LOGOUT_SEND_QUEUED_MS;
    const settled = async () =>
      !(await this.cartStore.state()).guestMerge &&
      (!!this.cartStore.cartServerToken() || (await this.cartStore.items()).length === 0);
    while (this.now() < end) {
      if (!(await this.queue.whenIdle(Math.max(0, end - this.now())))) return false;
      // the totals read after the cart settled may find the cart gone and queue its re-creation: let it finish, then
      // start no more reads until the logout is done (one racing the token's removal would ask for the account's
      // cart without its token)
      this.totals.resumeSettling();
      await this.totals.afterCartSettled();
      this.totals.suspendSettling();
      if (!(await this.queue.whenIdle(Math.max(0, end - this.now())))) return false;
      if (!this.config.synchronize || (await settled())) return true;
      // the cart went missing or the login merge is still open: connect (or merge) and push the lines again
      await this.connectOrSync(true);
      await sleep(SEND_QUEUED_ROUND_MS);
    }
    return false;
  }

  /** Everything queued has been answered (tests, bench). */
  whenIdle(timeoutMs?: number): Promise<boolean> {
    return this.queue.whenIdle(timeoutMs);
  }

  stop(): void {
    this.outbox?.stop();
    this.queue.stop();
    this.cartStore.close();
    this.session.close();
    this.providerIdentity.stop();
  }
}
