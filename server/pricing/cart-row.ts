/** The cart columns that pricing, the cart routes and order placement read (one row of `carts`). */
export interface CartRow {
  id: number;
  cart_id: string;
  customer_id: number | null;
  store_code: string;
  is_active: boolean;
  coupon_code: string | null;
  discount_codes: string[];
  shipping_carrier_code: string | null;
  shipping_method_code: string | null;
  shipping_address: Record<string, unknown> | null;
  billing_address: Record<string, unknown> | null;
  payment_method: string | null;
  /** The storefront's default country (joined from store_views), when loaded. */
  default_country?: string;
}
