/**
 * Checkout area contract: spec 000 §4 "Place order", "Offline"; spec 001 §4 "Flying-blue".
 */
import type { ParcelShop } from '../../contract/delivery.ts';
import type { OrderAddress } from '../../contract/order.ts';
import type { Cents } from '../../domain/money.ts';
import type { ParcelCarrier } from '../../domain/checkout/delivery.ts';
import type { PaymentMethod, ShippingMethod } from '../cart/cart-state.ts';
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

/**
 * The postcode lookup's answer for an address form (spec 000 §9): `found` with the street (null for BE, which has no
 * per-house lookup) and city; `not-found` with why (an unknown postcode, or a house number the NL postcode does not
 * hold); `unavailable` when the server could not be asked or failed (offline): the shopper types street and city.
 */
export type AddressLookup =
  | { status: 'found'; street: string | null; city: string }
  | { status: 'not-found'; field: 'postcode' | 'houseNumber' }
  | { status: 'unavailable' };

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
  /** The summary's terms acceptance (spec 001 §5 "the terms must be accepted"). */
  termsAccepted?: boolean;
}

/** The checkout step a rejected order's message belongs on. */
export type CheckoutStep = 'personal' | 'address' | 'shipping' | 'payment' | 'summary';

/**
 * Where an order placed on this device stands. `waiting`: placed offline, not handed to the queue yet (sent when
 * automatic transmission is on, on the confirmation page, or when the shopper confirms); `sending`: queued, no answer
 * yet; `placed`: the server accepted it (its number and payment link are in `result`); `rejected`: a 4xx.
 */
export type PlacedOrderState = 'waiting' | 'sending' | 'placed' | 'rejected' | 'repriced' | 'expired';

/** An order of the outbox ("Wachtende bestellingen"): not placed yet, or expired and not yet dismissed. */
export interface OutboxOrder {
  order_id: string;
  state: 'waiting' | 'sending' | 'repriced' | 'expired';
  created_at: number;
  lines: { sku: string; name: string; qty: number }[];
  /** The total the shopper agreed to (null for an order placed without one). */
  grandTotal: Cents | null;
}

/** What waits on the device to be sent: orders, and the count of other queued changes (cart, profile, wishlist). */
export interface Outbox {
  orders: OutboxOrder[];
  changes: number;
}

/**
 * What the summary showed when the shopper placed the order (spec 001 §8 re-pricing): each line's unit price by sku
 * in cart order (null when unknown) and the totals. The server places the order only at these amounts.
 */
export interface OrderAgreementInput {
  lines: { sku: string; unitCents: Cents | null }[];
  grandTotal: Cents;
  shipping: Cents;
  discount: Cents;
}

/** An amount the shopper agreed to and the server's amount now. */
export interface AmountChange {
  was: Cents;
  now: Cents;
}

/** The server's differences for a re-priced order (its `meta.repricing`, in cents). */
export interface RepricingView {
  /** Only the lines that changed: `now` null and `soldOut` for a product that can no longer be sold. */
  lines: { sku: string; name: string; qty: number; was: Cents | null; now: Cents | null; soldOut: boolean }[];
  grandTotal: AmountChange;
  shipping: AmountChange;
  discount: AmountChange;
  soldOut: boolean;
  /** A line is left to order at the new total (not every line sold out). */
  placeable: boolean;
}

export interface PlacedOrder {
  order_id: string;
  state: PlacedOrderState;
  transmited: boolean;
  created_at: number;
  /** The server's order number once placed; the client order_id is never shown to the shopper. */
  increment_id: string | null;
  /** The payment page (`payment.redirect_url`) once placed. */
  redirect_url: string | null;
  payment_method: string;
  /** The server's answer to a rejected order and the step it concerns. */
  rejection: { message: string; step: CheckoutStep } | null;
  /** The server re-priced the order and placed nothing: the differences, awaiting the shopper's choice. */
  repricing: RepricingView | null;
  /** HTTP code of the answer; 200 = placed. */
  code?: number | null;
  /** 'Order waiting!' while not yet transmitted (spec 000 §4 "Offline"); null once sent. */
  notice: string | null;
  /** Its send found no server (refused, dropped, or no answer in time): it waits for the queue's next try. */
  send_failed: boolean;
}

/** The order's state as the server tells it (GET /api/order/{order_id}). */
export interface OrderOutcome {
  increment_id: string;
  /** The order status (Pending, Processing, Cancelled, …, spec 001 §4 order texts). */
  status: string;
  /** The payment's own state. */
  payment: 'pending' | 'paid' | 'failed' | 'none';
  grandTotal: Cents;
  /** What the payment is for: the total less what a gift card paid. */
  toPay: Cents;
  email: string;
  /** The payment page while the payment is pending. */
  redirect_url: string | null;
  /** The device holds the order (it can restore the cart from it). */
  local: boolean;
}

export interface CheckoutApi {
  /** Every save counts as checkout activity ("in checkout" = a modification within 30 minutes). */
  saveCheckoutDetails(details: Partial<CheckoutDetails>): Promise<void>;
  /**
   * Spec 000 §5/§7: sends the saved address and methods to the server cart (`shipping-information`), then
   * `collect-totals`; the cart's totals (the `cart` live query) become the server's for that choice. `ok: false`
   * offline or without a connected cart (the summary's totals are then provisional), or with the server's message
   * and the step it concerns when it refuses the choice (a method that does not deliver to the country).
   */
  collectCheckoutTotals(): Promise<CommandResult & { step?: CheckoutStep }>;
  /**
   * `agreed`: what the summary showed (re-priced on arrival, spec 001 §8). Writes the order locally at once (client order_id from crypto.randomUUID) and, online, queues POST /api/order;
   * retries reuse the order_id, so the server places it exactly once. Offline the order waits (`messageKey`
   * 'Order waiting!'). While an order of this device has no answer yet, placing again answers that order instead of
   * creating a second one. On the server's success the cart is cleared without sync and password/createAccount are
   * dropped from the details.
   */
  placeOrder(agreed?: OrderAgreementInput): Promise<CommandResult & { orderId?: string }>;
  /**
   * A re-priced order placed at the server's new amounts: the same order_id (still exactly once), its sold-out lines
   * left out; sent at once online, else it waits like any order placed offline.
   */
  placeAtNewPrices(orderId: string): Promise<CommandResult>;
  /**
   * A waiting or re-priced order cancelled on the device (never sent): its lines back in the cart (an empty cart gets
   * them added; lines the re-pricing found sold out are marked with spec 001 §8's text).
   */
  cancelOrder(orderId: string): Promise<CommandResult>;
  /** Expires the orders that waited longer than the limit (lines back in the cart); answers how many expired. */
  expireWaitingOrders(): Promise<number>;
  /** Hands the orders placed offline to the queue (the shopper confirmed, or the confirmation page is open). */
  sendWaitingOrders(): Promise<void>;
  /** The server's state of an order this device placed (by its number), or of the customer's own order. */
  orderOutcome(incrementId: string): Promise<OrderOutcome | null>;
  /** Spec 001 §4 "Flying-blue": the payment redirect by the stored order id; null when it could not be fetched. */
  flyingBlueRedirect(orderId: string): Promise<string | null>;
  /** "Try again" after a failed or cancelled payment: the order's lines back in the (empty) cart. */
  restoreCartFromOrder(incrementId: string): Promise<CommandResult>;
  /** Spec 000 §2: on the checkout-return path a missing server cart is replaced by a new one. */
  checkoutReturn(): Promise<void>;
  /**
   * The shipping methods for the country (spec 000 §5: only available ones), from the server for the cart; until it
   * answers (offline, no server cart yet) the shop's own methods for the country with `offline` set.
   */
  deliveryMethods(country: string): Promise<ShippingMethod[]>;
  /**
   * The payment methods for the address's country (the server refuses another country's, e.g. iDEAL for BE), from
   * the server; until it answers (offline, no server cart yet) the shop's own methods for the country.
   */
  paymentMethods(country: string): Promise<PaymentMethod[]>;
  /** Spec 001 §7 parcel shops near the postcode; Budbee's are not fetched again for the same postcode (§4). */
  loadParcelShops(carrier: ParcelCarrier, country: string, zipCode: string): Promise<ParcelShopsResult>;
  /** The stores of the country to pick up from; the cached list when offline. */
  loadPickupStores(country: string): Promise<PickupStore[]>;
  /**
   * Spec 000 §9 postcode lookup (NL postcode + house number, BE postcode): asked of the server at once, never queued
   * or stored; `unavailable` offline or on any failure.
   */
  lookupAddress(country: string, postcode: string, houseNumber: string): Promise<AddressLookup>;
}

export interface CheckoutLiveQueries {
  checkout: { params: object; value: CheckoutDetails };
  orders: { params: object; value: PlacedOrder[] };
  /** The outbox: orders not placed yet (and expired ones), and how many other changes wait to be sent. */
  outbox: { params: object; value: Outbox };
  /** Orders placed offline that wait for the shopper's confirmation to be sent (automatic transmission off). */
  ordersToConfirm: { params: object; value: number };
}
