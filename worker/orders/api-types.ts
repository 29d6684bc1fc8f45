/**
 * Checkout area contract (first proposal by the worker-core engineer; owned by the sync engineer, who may change it).
 * Spec 000 §4 "Place order", "Offline".
 */
import type { Address, CommandResult } from '../user/api-types.ts';

export interface CheckoutDetails {
  personal: { email: string; firstname: string; lastname: string; telephone?: string; createAccount?: boolean } | null;
  shippingAddress: Address | null;
  shippingMethod: { carrier_code: string; method_code: string } | null;
  paymentMethod: { code: string } | null;
}

export interface PlacedOrder {
  order_id: string;
  transmited: boolean;
  created_at: number;
  /** The server answer once transmitted. */
  result?: unknown;
}

export interface CheckoutApi {
  saveCheckoutDetails(details: Partial<CheckoutDetails>): Promise<void>;
  /** Writes the order locally at once (client order_id) and sends it when online; sent exactly once. */
  placeOrder(): Promise<CommandResult & { orderId?: string }>;
  /** Sends orders placed offline that are not yet transmitted. */
  sendPendingOrders(): Promise<void>;
}

export interface CheckoutLiveQueries {
  checkout: { params: object; value: CheckoutDetails };
  orders: { params: object; value: PlacedOrder[] };
}
