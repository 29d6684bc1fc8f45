/**
 * Checkout area contract: spec 000 §4 "Place order", "Offline".
 */
import type { ParcelShop } from '../../contract/delivery.ts';
import type { OrderAddress } from '../../contract/order.ts';
import type { ParcelCarrier } from '../../domain/checkout/delivery.ts';
import type { ShippingMethod } from '../cart/cart-state.ts';
import type { CommandResult } from '../user/api-types.ts';

export type { ParcelShop } from '../../contract/delivery.ts';
export type { ParcelCarrier } from '../../domain/checkout/delivery.ts';

/** A store to pick an order up from (the store locator's, GET /api/stores). */
export interface PickupStore {
  id: number;
  name: string;
  city: string;
  country_id: string;
}

/**
 * The chosen shipping method and, for a DHL ServicePoint or Budbee box, the chosen parcel shop, for store pickup the
 * store (spec 001 §5 "A service point or store must be selected"). Sent with the order as
 * `addressInformation.shipping_point` / `pickup_store`.
 */
export interface ShippingChoice {
  carrier_code: string;
  method_code: string;
  point?: ParcelShop | null;
  store?: PickupStore | null;
}

/** Parcel shops near a postcode, nearest first, or the spec's failure text ('Could not load locations, …'). */
export type ParcelShopsResult = { ok: true; shops: ParcelShop[] } | { ok: false; messageKey: string };

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
  shippingMethod: ShippingChoice | null;
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
  /**
   * The shipping methods for the country (spec 000 §5: only available ones), from the server for the cart; until it
   * answers (offline, no server cart yet) the shop's own methods for the country with `offline` set.
   */
  deliveryMethods(country: string): Promise<ShippingMethod[]>;
  /** Spec 001 §7 parcel shops near the postcode; Budbee's are not fetched again for the same postcode (§4). */
  loadParcelShops(carrier: ParcelCarrier, country: string, zipCode: string): Promise<ParcelShopsResult>;
  /** The stores of the country to pick up from; the cached list when offline. */
  loadPickupStores(country: string): Promise<PickupStore[]>;
}

export interface CheckoutLiveQueries {
  checkout: { params: object; value: CheckoutDetails };
  orders: { params: object; value: PlacedOrder[] };
}
