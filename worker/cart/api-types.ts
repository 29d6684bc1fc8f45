/**
 * Cart area contract (spec 000 §3 "Cart item", "Cart state", "Shipping method", "Payment method"; §4 "Adding an
 * item"). Commands write the device's cart first and return; the `cart` live query shows every change (this tab,
 * another tab, or the server) — never wait for a command's server call to update the UI.
 */
import type { CartItemDoc } from '../../schemas/index.ts';
import type { CommandResult } from '../user/api-types.ts';

export type { CommandResult } from '../user/api-types.ts';
export type CartItem = CartItemDoc;

// Spec 000 §3 entities, declared once beside the cart state that holds them.
import type { PaymentMethod, ShippingMethod } from './cart-state.ts';
export type { PaymentMethod, ShippingMethod };

export interface CartTotals {
  /** The server's platform totals as it sends them (euros with two decimals): subtotal_incl_tax, grand_total, … */
  platformTotals: Record<string, unknown> | null;
  /** Total segments (code, title, value) for the totals table. */
  segments: unknown[] | null;
}

export interface CartState {
  items: CartItem[];
  /** Sum of quantities (minicartCountType quantity). */
  count: number;
  /** Number of lines (minicartCountType items). */
  lines: number;
  totals: CartTotals;
  coupon: string | null;
  /** True when a server cart token exists. */
  connected: boolean;
  /** The server refused the cart after the guest bypass attempts: the cart stays on this device only. */
  syncDisabled: boolean;
  isAddingToCart: boolean;
  isMicrocartOpen: boolean;
  /** Lines not yet confirmed by the server (queued changes), e.g. for a "wordt gesynchroniseerd" hint. */
  pendingSync: boolean;
  shippingMethods: ShippingMethod[];
  paymentMethods: PaymentMethod[];
  shipping: ShippingMethod | null;
  payment: PaymentMethod | null;
}

export interface AddToCartInput {
  sku: string;
  /** Parent sku of a configurable child. */
  parentSku?: string;
  /** Parsed to an integer; default 1. */
  qty?: number | string;
  product_option?: Record<string, unknown>;
  /**
   * The product document as the page has it: used for the add checks (price_incl_tax < 0 refused, any errors entry
   * blocks) and copied as display fields (name, image, url_path, prices) so the cart renders offline.
   */
  product?: Record<string, unknown>;
}

export interface CartApi {
  /** Spec 000 §4 "Adding an item": local write, then stock check (notifications) and the queued server call. */
  addToCart(input: AddToCartInput): Promise<CommandResult>;
  /** qty ≤ 0 removes the line. */
  updateQty(localId: string, qty: number | string): Promise<CommandResult>;
  /**
   * Cart edit mode (spec 001 §4): another variant (new child sku) adds it with `qty` and then removes the old line
   * (in that order, so nothing is lost if the tab dies between the two); the same sku only changes the quantity.
   */
  replaceItem(oldLocalId: string, next: AddToCartInput, qty: number | string): Promise<CommandResult>;
  /** The UI asks for confirmation first (spec 000 §9). */
  removeItem(localId: string): Promise<CommandResult>;
  /** One coupon at a time: an active coupon is removed first. Fails with the server's message. */
  applyCoupon(code: string): Promise<CommandResult>;
  removeCoupon(): Promise<CommandResult>;
  /** Only available methods (spec 000 §5). Needs a connected cart. */
  loadShippingMethods(address: { country_id: string } & Record<string, unknown>): Promise<ShippingMethod[]>;
  loadPaymentMethods(): Promise<PaymentMethod[]>;
}

export interface CartLiveQueries {
  cart: { params: object; value: CartState };
}
