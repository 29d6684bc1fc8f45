import type { CartItemDoc } from '../../schemas/index.ts';
import type { CartLineDisplay } from '../../domain/cart/line-display.ts';
import { isSameCartItem, productChecksum } from '../../domain/cart/item-identity.ts';
import type { Notify } from '../queue/types.ts';
import type { AddToCartInput, CommandResult } from './api-types.ts';
import type { CartConfig } from './cart-config.ts';
import type { CartStore } from './cart-store.ts';
import type { CartSync } from './cart-sync.ts';
import { canAddToCart, parseQty } from '../../domain/cart/cart-rules.ts';
import type { StockChecker } from './stock.ts';
import { CART_TEXT } from './cart-messages.ts';

/** A line of a placed order, as the order carries it. */
export interface OrderedLine {
  sku: string;
  qty: number;
  product_option?: Record<string, unknown> | null;
}

export interface CartCommandsOptions {
  store: CartStore;
  sync: CartSync;
  stock: StockChecker;
  config: CartConfig;
  notify: Notify;
  now: () => number;
  /** Spec 000 §4 session expiry: false when the session expired (the session logged out and warned). */
  guard: () => Promise<boolean>;
}

/**
 * The shopper's cart commands (spec 000 §4 "Adding an item"). Each writes the device's cart FIRST and returns; the
 * live query shows the change at once and the server call follows through the queue.
 */
export class CartCommands {
  constructor(private readonly o: CartCommandsOptions) {}

  async add(input: AddToCartInput): Promise<CommandResult> {
    if (!(await this.o.guard())) return { ok: false };
    // Without a product document (a sku only) there is nothing to check (spec 000 §5 add-to-cart rules).
    const refused = input.product
      ? canAddToCart({ price_incl_tax: input.product.price_incl_tax, errors: input.errors ?? {} })
      : null;
    if (refused) {
      this.o.notify({ type: 'danger', messageKey: refused });
      return { ok: false, messageKey: refused };
    }
    const qty = parseQty(input.qty);
    const { store } = this.o;
    const now = this.o.now();
    const candidate: CartItemDoc = {
      local_id: crypto.randomUUID(),
      sku: input.sku,
      qty,
      product_option: input.product_option ?? null,
      checksum: input.product_option ? productChecksum(input.product_option) : null,
      added_at: now,
      updated_at: now,
      ...(input.parentSku ? { parentSku: input.parentSku } : {}),
      ...(input.product ? lineFields(input.product) : {}),
    };
    const localId = await store.exclusive(async () => {
      const existing = (await store.items()).find((item) => isSameCartItem(item, candidate));
      if (existing && (await store.patchItem(existing.local_id, { qty: existing.qty + qty }))) return existing.local_id;
      await store.insertItem(candidate);
      return candidate.local_id;
    });
    await this.o.sync.enqueueUpdate(localId);
    // stock is checked after the local write so the shopper never waits for the network
    void this.o.stock.checkAfterAdd(localId, input.sku).catch(() => undefined);
    return { ok: true };
  }

  async updateQty(localId: string, qty: number | string): Promise<CommandResult> {
    if (!(await this.o.guard())) return { ok: false };
    const next = parseQty(qty);
    if (next <= 0) return this.remove(localId);
    const item = await this.o.store.exclusive(() => this.o.store.patchItem(localId, { qty: next }));
    if (!item) return { ok: false };
    await this.o.sync.enqueueUpdate(localId);
    return { ok: true };
  }

  /**
   * Cart edit mode (spec 001 §4): another variant replaces the line, the same variant only changes the quantity.
   * The new variant is added BEFORE the old line is removed, so a tab that dies in between loses nothing.
   */
  async replace(oldLocalId: string, next: AddToCartInput, qty: number | string): Promise<CommandResult> {
    const old = (await this.o.store.items()).find((item) => item.local_id === oldLocalId);
    if (!old) return { ok: false };
    if (old.sku === next.sku) return this.updateQty(oldLocalId, qty);
    const added = await this.add({ ...next, qty: parseQty(qty) });
    if (!added.ok) return added;
    return this.remove(oldLocalId);
  }

  /** Removing syncs only when the line has a server id (spec 000 §4); the UI asks for confirmation first. */
  async remove(localId: string): Promise<CommandResult> {
    if (!(await this.o.guard())) return { ok: false };
    const item = await this.o.store.exclusive(() => this.o.store.removeItem(localId));
    if (!item) return { ok: false };
    await this.o.sync.enqueueDelete(item);
    return { ok: true };
  }

  /**
   * Clearing empties the cart and optionally syncs (deletes the server lines) and disconnects (forgets the server
   * cart; a new one is created on the next change). Disconnecting makes the deletes pointless, so they are skipped.
   */
  async clear(options: { sync?: boolean; disconnect?: boolean } = {}): Promise<void> {
    const { sync = true, disconnect = false } = options;
    const items = await this.o.store.exclusive(async () => {
      const lines = await this.o.store.items();
      await this.o.store.clearItems();
      return lines;
    });
    if (disconnect) return this.forgetServerCart();
    if (sync) for (const item of items) await this.o.sync.enqueueDelete(item);
  }

  private async forgetServerCart(): Promise<void> {
    await this.o.sync.disconnect();
    await this.o.store.patchState({ coupon: null, couponToReapply: null, platformTotals: null });
  }

  /**
   * A placed order takes from the cart the quantities it was placed with, never what the shopper added afterwards
   * (docs/checkout-and-orders.md "What an order takes from the cart"): per line identity the ordered quantity leaves;
   * a line added later stays, a raised quantity keeps the difference. The server closed the order's cart with every
   * line it held (also later lines pushed before the order arrived), so the lines that stay move to a new server cart:
   * their server ids are forgotten and each is sent again (the queue connects the new cart).
   */
  async takeOrdered(products: readonly OrderedLine[], orderCartId: string | null): Promise<void> {
    const { store } = this.o;
    const kept = await store.exclusive(async () => {
      const left = products.map((p) => ({ ...p, product_option: p.product_option ?? null }));
      const stays: string[] = [];
      for (const item of await store.items()) {
        let qty = item.qty;
        for (const p of left) {
          if (p.qty <= 0 || qty <= 0 || !isSameCartItem(item, p)) continue;
          const taken = Math.min(qty, p.qty);
          qty -= taken;
          p.qty -= taken;
        }
        if (qty <= 0) await store.removeItem(item.local_id);
        else if (qty === item.qty || (await store.patchItem(item.local_id, { qty }))) stays.push(item.local_id);
      }
      return stays;
    });
    const token = store.cartServerToken();
    // null: forgotten already (an earlier answer of this order); another id: a new cart was made since (a later line's
    // call met the closed cart), and only lines still on the order's cart move
    const onClosedCart = token === null || token === orderCartId;
    if (onClosedCart) await this.forgetServerCart();
    for (const localId of kept) {
      const item = await store.item(localId);
      if (!item || (!onClosedCart && (item.item_id == null || item.server_cart_id !== orderCartId))) continue;
      if (item.item_id != null) await store.patchItem(localId, { item_id: null, server_cart_id: null });
      await this.o.sync.enqueueUpdate(localId, true);
    }
  }
}

/** The line keeps the display value whole (the cart page needs it offline) and the unit price and type it carries. */
function lineFields(product: CartLineDisplay): Partial<CartItemDoc> {
  const fields: Partial<CartItemDoc> = { product };
  if (product.price_incl_tax !== undefined) fields.price_incl_tax = product.price_incl_tax;
  if (product.type_id !== undefined) fields.type_id = product.type_id;
  return fields;
}

export { CART_TEXT };
