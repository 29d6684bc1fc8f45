import type { TaskQueue } from '../queue/task-queue.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope } from '../queue/types.ts';
import { CART_BYPASS_PAUSE_MS, type CartConfig } from './cart-config.ts';
import { CART_LOG } from './cart-messages.ts';
import type { CartStore } from './cart-store.ts';
import { CART_BASE } from './cart-tasks.ts';

/** What the cart needs from the session. */
export interface CartSession {
  userToken(): string | null;
  /** Spec 000 §4: the user counts as in checkout if the last modification was within 30 minutes. */
  isInCheckout(): boolean;
}

export interface CartConnectionOptions {
  store: CartStore;
  queue: TaskQueue;
  config: CartConfig;
  session: CartSession;
  log: (message: string) => void;
  now: () => number;
  /** Queue a pull-and-merge (worker/cart/cart-sync.ts). */
  requestSync: (forceClientState: boolean) => Promise<void>;
}

/**
 * Which server cart the device's cart is (spec 000 §4 "Cart connect"): creating or adopting it, falling back to a
 * guest cart when refused, forgetting it on logout, and creating a new one when the server's is gone.
 */
export class CartConnection {
  private connecting: Promise<void> | null = null;

  constructor(private readonly o: CartConnectionOptions) {}

  /**
   * Spec 000 §4 "Cart connect": 200 stores the server token and syncs; 401 retries as a guest cart until
   * maxCartBypassAttempts (the counter resets when a connect succeeds); otherwise sync is disabled for the session.
   * Concurrent callers wait for the attempt in flight (one device never creates two carts at once) and try again
   * themselves when it ended without a cart (e.g. it started before the network came back).
   */
  async connect(options: { guest?: boolean; sync?: boolean } = {}): Promise<void> {
    if (!this.o.config.synchronize) return;
    const sync = options.sync ?? true;
    while (this.connecting) await this.connecting.catch(() => undefined);
    if (this.o.store.cartServerToken()) {
      if (sync) await this.o.requestSync(true);
      return;
    }
    if (await this.pausedAfterBypass()) return;
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
      if (sync) await this.o.requestSync(true);
      return;
    }
    // 5xx is a server or gateway that fell over, not a refusal: connect again later instead of giving up the cart
    if (res.code >= 500) return;
    if (res.code === 401 || res.code >= 400) await this.bypassToGuest(res);
  }

  /**
   * A device without a cart asks for the guest cart the server remembers for this browser (an HttpOnly cookie, set
   * when the cart was created): the device's storage may have been wiped or lost its cart id while the cart lives on,
   * and the shopper may have added lines since (an add tapped while the wipe happened, or offline after it). Its lines
   * come onto the device, and the device's new lines onto it, by a sync that does not force the device's state. Not
   * adopted when a device line belongs to another server cart (a member's, before logout: that cart is not this
   * guest's). False when there is none to adopt.
   */
  private async adoptRememberedCart(sync: boolean): Promise<boolean> {
    const store = this.o.config.storeCode ? `?storeCode=${this.o.config.storeCode}` : '';
    let res: Envelope;
    try {
      res = await this.o.queue.execute({ url: `${CART_BASE}/remembered${store}` });
    } catch (error) {
      if (error instanceof NetworkError) return false;
      throw error;
    }
    if (res.code !== 200 || typeof res.result !== 'string' || this.o.store.cartServerToken()) return false;
    const remembered = res.result;
    const items = await this.o.store.items();
    if (items.some((item) => item.item_id != null && item.server_cart_id !== remembered)) return false;
    await this.o.store.patchState({ cartServerToken: remembered, connectBypassCount: 0, syncDisabled: false });
    if (sync) await this.o.requestSync(false);
    return true;
  }

  /**
   * Spec 000 §4 "cart sync is treated as disabled" after the bypass attempts: until CART_BYPASS_PAUSE_MS after the last
   * bypass (kv `last-cart-bypass-ts`) no connect asks the server; after it the attempts start over.
   */
  private async pausedAfterBypass(): Promise<boolean> {
    if (!(await this.o.store.state()).syncDisabled) return false;
    const last = await this.o.store.lastBypassAt();
    if (last !== null && this.o.now() - last < CART_BYPASS_PAUSE_MS) return true;
    await this.o.store.patchState({ syncDisabled: false, connectBypassCount: 0 });
    return false;
  }

  /** Spec 000 §4: a refused cart call retries with a guest cart up to the bypass limit, then gives up (logged). */
  async bypassToGuest(res: Envelope): Promise<void> {
    await this.o.store.noteBypass(this.o.now());
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
    await this.o.store.patchState({ cartServerToken: null });
    for (const item of await this.o.store.items()) {
      if (item.item_id != null) await this.o.store.patchItem(item.local_id, { item_id: null, server_cart_id: null });
    }
    await this.connect({ sync: true });
  }

  /** Disconnect: the device forgets the server cart (logout, order placed, login); the next connect starts afresh. */
  async disconnect(): Promise<void> {
    await this.o.store.patchState({ cartServerToken: null, connectBypassCount: 0, syncDisabled: false });
  }
}
