/**
 * Cart area contract (spec 000 §3 "Cart item", "Cart state", "Shipping method", "Payment method"; §4 "Adding an
 * item"). Commands write the device's cart first and return; the `cart` live query shows every change (this tab,
 * another tab, or the server) — never wait for a command's server call to update the UI.
 */
import type { CartLineDisplay } from '../../domain/cart/line-display.ts';
import type { Cents } from '../../domain/money.ts';
import type { TotalsSegments } from '../../domain/cart/totals-rule.ts';
import type { CommandResult } from '../user/api-types.ts';

export type { CommandResult } from '../user/api-types.ts';

// Spec 000 §3 entities, declared once beside the cart state that holds them.
import type { PaymentMethod, ShippingMethod } from './cart-state.ts';
export type { PaymentMethod, ShippingMethod };

export type { CartLineDisplay };

/** One cart line as the app renders it; built once in the worker (worker/cart/cart-view.ts). */
export interface CartLineView {
  local_id: string;
  sku: string;
  qty: number;
  display: CartLineDisplay;
  /** The chosen variant as text, "Navy · M"; empty for a product without variants. */
  variant: string;
  /** Unit price and row total incl. tax; null while the line has no known price. */
  unitCents: Cents | null;
  rowTotalCents: Cents | null;
  /** Refused by the server because none is left, kept on the device marked 'Out of the stock!' (spec 000 §9). */
  offServer?: boolean;
  type_id?: string;
  /** A configurable child's parent: cart edit mode (spec 001 §4) loads it to offer the other variants. */
  parentSku?: string;
  errors: Record<string, string | null>;
  info: Record<string, string | null>;
}

/** The cart's totals segments in cents; the app gives them their Dutch labels. */
/** The cart's totals by the shop's one rule (domain/cart/totals-rule.ts). */
export interface CartTotalsView extends TotalsSegments {
  /** False until the server's totals for these lines arrived: the figures are the device's own sum of the lines. */
  fromServer: boolean;
}

export interface CartState {
  items: CartLineView[];
  /** Sum of quantities (minicartCountType quantity). */
  count: number;
  /** Number of lines (minicartCountType items). */
  lines: number;
  totals: CartTotalsView;
  coupon: string | null;
  /** True when a server cart token exists. */
  connected: boolean;
  /** The server refused the cart after the guest bypass attempts: the cart stays on this device only. */
  syncDisabled: boolean;
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
   * What the line shows, from domain/cart/line-display.ts `cartLineDisplay` (product and chosen variant); stored on
   * the line so the cart renders offline, and its price_incl_tax runs the add check (below 0 refused).
   */
  product?: CartLineDisplay;
  /** The product document's error slots: any entry blocks adding (spec 000 §5). */
  errors?: Record<string, string | null>;
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
  /** A gift card pays (part of) the cart: online only, never queued. Fails with the server's Dutch reason. */
  applyGiftCard(number: string, pin: string): Promise<CommandResult>;
  removeGiftCard(): Promise<CommandResult>;
}

export interface CartLiveQueries {
  cart: { params: object; value: CartState };
}
