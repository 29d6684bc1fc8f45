/** Spec 000 §3 "Shipping method". */
export interface ShippingMethod {
  method_code: string;
  carrier_code: string;
  method_title: string;
  price_incl_tax: number;
  /** Free from this amount of goods (euros, after discount); null or absent: never free by amount. */
  free_from?: number | null;
  offline?: boolean;
  default?: boolean;
  available?: boolean;
  is_server_method?: boolean;
}

/** Spec 000 §3 "Payment method". */
export interface PaymentMethod {
  code: string;
  title: string;
  cost_incl_tax?: number;
  default?: boolean;
  is_server_method?: boolean;
}

/**
 * Spec 000 §3 "Cart state", stored as one kv document (`current-cart`); the items live in `cart_items`.
 * `syncDisabled` is the spec's "cart sync is treated as disabled" after the bypass attempts ran out (for the session).
 * `guestMerge` is set from login until the guest cart has been merged into the account cart (worker/cart/
 * cart-authorize.ts); it carries the coupon to re-apply afterwards.
 */
export interface CartStateValue {
  cartServerToken: string | null;
  shipping: ShippingMethod | null;
  payment: PaymentMethod | null;
  shippingMethods: ShippingMethod[];
  paymentMethods: PaymentMethod[];
  platformTotals: Record<string, unknown> | null;
  connectBypassCount: number;
  isMicrocartOpen: boolean;
  coupon: { code: string } | null;
  syncDisabled: boolean;
  guestMerge: { coupon: string | null } | null;
  /**
   * The guest's coupon after the login merge is written, until the account cart accepted or refused it (spec 000 §4
   * "then reapplies it"); kept across a lost answer and a reload.
   */
  couponToReapply: string | null;
}

export function emptyCartState(): CartStateValue {
  return {
    cartServerToken: null,
    shipping: null,
    payment: null,
    shippingMethods: [],
    paymentMethods: [],
    platformTotals: null,
    connectBypassCount: 0,
    isMicrocartOpen: false,
    coupon: null,
    syncDisabled: false,
    guestMerge: null,
    couponToReapply: null,
  };
}
