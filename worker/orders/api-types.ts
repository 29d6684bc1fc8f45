/**
 * Checkout area contract: spec 000 §4 "Place order", "Offline".
 */
import type { OrderAddress } from '../../contract/order.ts';
import type { CommandResult } from '../user/api-types.ts';

export interface CheckoutDetails {
  /** `password`/`createAccount` are dropped once the order is placed (spec 000 §4 "Place order"). */
  personal: {
    email: string;
    firstname: string;
    lastname: string;
    telephone?: string;
    createAccount?: boolean;
    password?: string;
  } | null;
  /** Sent as the order's shipping address (contract/order.ts). */
  shippingAddress: OrderAddress | null;
  shippingMethod: { carrier_code: string; method_code: string } | null;
  paymentMethod: { code: string } | null;
}

export interface PlacedOrder {
  order_id: string;
  transmited: boolean;
  created_at: number;
  /** The server answer once transmitted (increment_id, …). */
  result?: unknown;
  /** HTTP code of the answer; 200 = placed. */
  code?: number | null;
  /** 'Order waiting!' while not yet transmitted (spec 000 §4 "Offline"); null once sent. */
  notice: string | null;
}

export interface CheckoutApi {
  /** Every save counts as checkout activity ("in checkout" = a modification within 30 minutes). */
  saveCheckoutDetails(details: Partial<CheckoutDetails>): Promise<void>;
  /**
   * Writes the order locally at once (client order_id from crypto.randomUUID) and queues POST /api/order; retries
   * reuse the order_id, so the server places it exactly once. Offline: `messageKey` 'Order waiting!'. On the server's
   * success the cart is cleared without sync and password/createAccount are dropped from the details.
   */
  placeOrder(): Promise<CommandResult & { orderId?: string }>;
}

export interface CheckoutLiveQueries {
  checkout: { params: object; value: CheckoutDetails };
  orders: { params: object; value: PlacedOrder[] };
}
