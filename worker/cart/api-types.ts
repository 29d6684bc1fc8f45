/**
 * Cart area contract (first proposal by the worker-core engineer; owned by the sync engineer, who may change it).
 * Spec 000 §3 "Cart item", "Cart state"; §4 "Adding an item".
 */
import type { CartItemDoc } from '../../schemas/index.ts';
import type { CommandResult } from '../user/api-types.ts';

export type CartItem = CartItemDoc;

export interface CartTotals {
  /** Euros with two decimals, as the API carries them. */
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_incl_tax: number;
  grand_total: number;
  coupon_code?: string | null;
}

export interface CartState {
  items: CartItem[];
  /** Sum of quantities (minicartCountType quantity). */
  count: number;
  totals: CartTotals | null;
  coupon: string | null;
  /** True when a server cart token exists. */
  connected: boolean;
  isAddingToCart: boolean;
}

export interface AddToCartInput {
  sku: string;
  /** Parent sku of a configurable child. */
  parentSku?: string;
  qty?: number;
  product_option?: Record<string, unknown>;
}

export interface CartApi {
  addToCart(input: AddToCartInput): Promise<CommandResult>;
  updateQty(localId: string, qty: number): Promise<CommandResult>;
  removeItem(localId: string): Promise<CommandResult>;
  clearCart(): Promise<void>;
  applyCoupon(code: string): Promise<CommandResult>;
  removeCoupon(): Promise<CommandResult>;
}

export interface CartLiveQueries {
  cart: { params: object; value: CartState };
}
