import { canUpdateShippingAndPayment } from '../../domain/cart/cart-hash.ts';
import { availableShippingMethods } from '../../domain/cart/cart-rules.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import { fieldlessMessage, serverMessage } from '../http/server-message.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope, Notify } from '../queue/types.ts';
import type { CommandResult } from '../user/api-types.ts';
import type { CartConfig } from './cart-config.ts';
import { CART_LOG, CART_TEXT, SERVER_TEXT } from './cart-messages.ts';
import type { PaymentMethod, ShippingMethod } from './cart-state.ts';
import type { CartStore } from './cart-store.ts';
import { cartUrl } from './cart-tasks.ts';

/**
 * Totals, shipping and payment methods and the coupon (spec 000 §4, §5, §7). These are reads or need an answer for
 * the shopper (a coupon is valid or not), so they run directly, not through the queue, and only while connected.
 */
export class CartTotals {
  constructor(
    private readonly o: {
      store: CartStore;
      queue: TaskQueue;
      config: CartConfig;
      log: (m: string) => void;
      notify?: Notify;
      /** The server cart is gone (404): the cart's sync creates a new one and pushes the lines (CartSync). */
      cartGone?: () => Promise<void>;
    },
  ) {}

  private isCartGone(res: Envelope): boolean {
    return res.code === 404 && serverMessage(res) === SERVER_TEXT.cartNotFound;
  }

  private settling: Promise<void> | null = null;
  private settleAgain = false;
  private suspended = false;

  /** While a logout sends what is queued and ends the session, the settled cart is not read (sync-engine.ts). */
  suspendSettling(): void {
    this.suspended = true;
  }

  resumeSettling(): void {
    this.suspended = false;
  }

  /**
   * The server cart holds the device's lines (CartSync's onSettled): a coupon waiting since the login goes back
   * (spec 000 §4 "reapplies it"), then the totals are read, so every screen shows the server's figures for these
   * lines. One run at a time; a call during a run runs once more after it.
   */
  afterCartSettled(): Promise<void> {
    if (this.suspended) return Promise.resolve();
    if (this.settling) {
      this.settleAgain = true;
      return this.settling;
    }
    this.settling = (async () => {
      do {
        this.settleAgain = false;
        const state = await this.o.store.state();
        if (state.guestMerge) return;
        if (state.couponToReapply) await this.reapplyCoupon(state.couponToReapply);
        else await this.syncTotals();
      } while (this.settleAgain);
    })().finally(() => {
      this.settling = null;
    });
    return this.settling;
  }

  /**
   * The guest's coupon on the account cart. No answer: it stays waiting for the next settle (going online syncs the
   * cart). Refused ('not authorized', 'items in your cart do not match the coupons requirements'): dropped with the
   * server's reason, never silently.
   */
  private async reapplyCoupon(code: string): Promise<void> {
    if (!this.connected()) return;
    const res = await this.adjustmentCall(cartUrl('apply-coupon', `&coupon=${encodeURIComponent(code)}`));
    if (!res || res.code >= 500) return;
    // the cart went missing: it is made again with the lines, and this settles again with the coupon still waiting
    if (this.isCartGone(res)) return void (await this.o.cartGone?.());
    if (res.code === 200) {
      await this.o.store.patchState({ coupon: { code }, couponToReapply: null });
    } else {
      await this.o.store.patchState({ coupon: null, couponToReapply: null });
      this.o.notify?.({
        type: 'danger',
        messageKey: CART_TEXT.couponDroppedAtLogin,
        params: { code, reason: serverMessage(res) ?? '' },
        hasNoTimeout: true,
      });
    }
    await this.syncTotals();
  }

  private connected(): boolean {
    return canUpdateShippingAndPayment({
      synchronize: this.o.config.synchronize,
      token: this.o.store.cartServerToken(),
    });
  }

  /**
   * Calls that change what the cart charges (a coupon, a gift card), sent so far and on their way: a totals answer to a
   * read asked before the latest one, or while one was on its way, is stale (it would put back the coupon as it was,
   * e.g. none just after one was applied); the read that follows each such call stores its own.
   */
  private adjustmentCalls = 0;
  private adjustmentsInFlight = 0;

  private async adjustmentCall(url: string, payload?: unknown): Promise<Envelope | null> {
    this.adjustmentCalls++;
    this.adjustmentsInFlight++;
    try {
      return await this.call(url, 'POST', payload);
    } finally {
      this.adjustmentsInFlight--;
    }
  }

  /** A mark of the coupon's and gift card's state when a totals read is asked (storeTotals compares it). */
  private adjustmentMark(): number | null {
    return this.adjustmentsInFlight > 0 ? null : this.adjustmentCalls;
  }

  private async call(url: string, method = 'GET', payload?: unknown): Promise<Envelope | null> {
    try {
      return await this.o.queue.execute({ url, method, payload });
    } catch (error) {
      if (error instanceof NetworkError) return null;
      throw error;
    }
  }

  /** Platform totals and segments; totals for shipping and payment need tax.defaultCountry. */
  async syncTotals(): Promise<void> {
    if (!this.o.config.synchronizeTotals || !this.connected()) return;
    if (!this.o.config.taxDefaultCountry) {
      this.o.log(CART_LOG.taxDefaultCountry);
      return;
    }
    const asked = this.adjustmentMark();
    const res = await this.call(cartUrl('totals'));
    if (res && this.isCartGone(res)) return void (await this.o.cartGone?.());
    if (!res || res.code !== 200 || !res.result) return;
    await this.storeTotals(res.result, asked);
  }

  /**
   * Spec 000 §7: the checkout's address and methods go to the server cart (`shipping-information`), then
   * `collect-totals`; the answer becomes the cart's totals, so the summary shows what the order will be charged.
   * Not connected or offline: `ok: false`, the totals on screen stay the device's (provisional).
   */
  async collectTotals(addressInformation: Record<string, unknown>): Promise<CommandResult> {
    if (!this.connected()) return { ok: false };
    const saved = await this.call(cartUrl('shipping-information'), 'POST', { addressInformation });
    if (!saved) return { ok: false };
    if (saved.code !== 200) return { ok: false, messageKey: serverMessage(saved) ?? undefined };
    const asked = this.adjustmentMark();
    const res = await this.call(cartUrl('collect-totals'), 'POST');
    if (!res || res.code !== 200 || !res.result)
      return { ok: false, messageKey: res ? (serverMessage(res) ?? undefined) : undefined };
    await this.storeTotals(res.result, asked);
    return { ok: true };
  }

  private async storeTotals(answer: unknown, asked: number | null): Promise<void> {
    if (asked === null || asked !== this.adjustmentCalls) return;
    const result = answer as { totals?: Record<string, unknown> } & Record<string, unknown>;
    const totals = (result.totals ?? result) as Record<string, unknown>;
    const couponCode = typeof totals.coupon_code === 'string' && totals.coupon_code ? totals.coupon_code : null;
    await this.o.store.patchState({
      platformTotals: totals,
      coupon: couponCode ? { code: couponCode } : null,
    });
  }

  async syncShippingMethods(address: { country_id: string } & Record<string, unknown>): Promise<ShippingMethod[]> {
    if (!this.connected()) return [];
    const res = await this.call(cartUrl('shipping-methods'), 'POST', { address });
    if (!res || res.code !== 200 || !Array.isArray(res.result)) return (await this.o.store.state()).shippingMethods;
    const methods = availableShippingMethods(
      (res.result as ShippingMethod[]).map((m) => ({ ...m, is_server_method: true })),
    );
    const state = await this.o.store.state();
    const shipping =
      state.shipping && methods.some((m) => m.method_code === state.shipping!.method_code)
        ? state.shipping
        : (methods.find((m) => m.default) ?? methods[0] ?? null);
    await this.o.store.patchState({ shippingMethods: methods, shipping });
    return methods;
  }

  /**
   * The payment methods of the checkout address's country (spec 000 §5), which the cart may not have yet; none when
   * unanswered (the last list may be another country's).
   */
  async syncPaymentMethods(country: string): Promise<PaymentMethod[]> {
    if (!this.connected()) return [];
    const res = await this.call(cartUrl('payment-methods', `&country_id=${encodeURIComponent(country)}`));
    if (!res || res.code !== 200 || !Array.isArray(res.result)) return [];
    const methods = (res.result as PaymentMethod[]).map((m) => ({ ...m, is_server_method: true }));
    const state = await this.o.store.state();
    const payment =
      state.payment && methods.some((m) => m.code === state.payment!.code)
        ? state.payment
        : (methods.find((m) => m.default) ?? null);
    await this.o.store.patchState({ paymentMethods: methods, payment });
    return methods;
  }

  /** Only one coupon is active: an active one is removed before another is applied. */
  async applyCoupon(code: string): Promise<CommandResult> {
    if (!this.connected()) return { ok: false, messageKey: CART_TEXT.couponOffline };
    const state = await this.o.store.state();
    if (state.coupon && state.coupon.code !== code) await this.removeCoupon();
    const res = await this.adjustmentCall(cartUrl('apply-coupon', `&coupon=${encodeURIComponent(code)}`));
    if (!res) return { ok: false, messageKey: CART_TEXT.couponOffline };
    if (res.code !== 200) {
      await this.syncTotals();
      return { ok: false, messageKey: serverMessage(res) ?? undefined };
    }
    await this.o.store.patchState({ coupon: { code } });
    await this.syncTotals();
    return { ok: true };
  }

  async removeCoupon(): Promise<CommandResult> {
    if (!this.connected()) return { ok: false, messageKey: CART_TEXT.couponOffline };
    const res = await this.adjustmentCall(cartUrl('delete-coupon'));
    if (!res) return { ok: false, messageKey: CART_TEXT.couponOffline };
    if (res.code === 200) await this.o.store.patchState({ coupon: null });
    await this.syncTotals();
    return { ok: res.code === 200, messageKey: res.code === 200 ? undefined : (serverMessage(res) ?? undefined) };
  }

  /**
   * A gift card pays (part of) the cart (docs/checkout-and-orders.md "Gift cards"): sent at once and only online,
   * never queued, so its PIN is never kept on the device. Refused with the server's Dutch reason (wrong PIN, no
   * balance, too many tries); the totals are then read, so every screen shows what the card pays and what is left.
   */
  async applyGiftCard(number: string, pin: string): Promise<CommandResult> {
    if (!this.connected()) return { ok: false, messageKey: CART_TEXT.couponOffline };
    const res = await this.adjustmentCall(cartUrl('apply-giftcard'), { number, pin });
    if (!res) return { ok: false, messageKey: CART_TEXT.couponOffline };
    await this.syncTotals();
    return res.code === 200 ? { ok: true } : { ok: false, messageKey: fieldlessMessage(res) };
  }

  async removeGiftCard(): Promise<CommandResult> {
    if (!this.connected()) return { ok: false, messageKey: CART_TEXT.couponOffline };
    const res = await this.adjustmentCall(cartUrl('delete-giftcard'), {});
    if (!res) return { ok: false, messageKey: CART_TEXT.couponOffline };
    await this.syncTotals();
    return res.code === 200 ? { ok: true } : { ok: false, messageKey: fieldlessMessage(res) };
  }
}
