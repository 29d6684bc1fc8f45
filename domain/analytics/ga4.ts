import { toEuros, type Cents } from '../money.ts';
import { analyticsPageType, type PageTypeGroup } from '../page-types.ts';

/**
 * The GA4 ecommerce shapes the shop pushes to the tag manager's dataLayer (spec 001 §5 "Analytics"): one item shape
 * for every event, prices in euros from the shop's cents, and the search provider's click position.
 */

/** The search provider's page size the click position counts in (spec 001 §5 "12 per page"). */
export const ANALYTICS_PAGE_SIZE = 12;

/**
 * The click position of a tile (spec 001 §5): `position` on page 1, `12*(n-1)+position` on page n > 1. Positions
 * count from 1.
 */
export function clickPosition(page: number, position: number): number {
  const n = Math.max(1, Math.floor(page));
  return n > 1 ? ANALYTICS_PAGE_SIZE * (n - 1) + position : position;
}

/** One GA4 ecommerce item. */
export interface Ga4Item {
  item_id: string;
  item_name: string;
  price?: number;
  quantity: number;
  item_brand?: string;
  /** The chosen variant as the cart shows it, "Navy · M". */
  item_variant?: string;
  item_list_name?: string;
  index?: number;
}

/** What an item is built from: a product tile, the product page or a cart line, prices already in cents. */
export interface TrackedItem {
  sku: string;
  name: string;
  priceCents?: Cents | null;
  qty?: number;
  brand?: string;
  variant?: string;
}

export function ga4Item(item: TrackedItem, extra: Pick<Ga4Item, 'item_list_name' | 'index'> = {}): Ga4Item {
  const out: Ga4Item = { item_id: item.sku, item_name: item.name, quantity: item.qty ?? 1 };
  if (item.priceCents !== undefined && item.priceCents !== null) out.price = toEuros(item.priceCents);
  if (item.brand) out.item_brand = item.brand;
  if (item.variant) out.item_variant = item.variant;
  return { ...out, ...extra };
}

/** The sum of the items' prices × quantities in euros (the `value` of a cart-shaped event). */
export function itemsValue(items: readonly TrackedItem[]): number {
  return toEuros(items.reduce((sum, i) => sum + (i.priceCents ?? 0) * (i.qty ?? 1), 0));
}

/** An event as it is pushed: a name, and for ecommerce events the `ecommerce` object. */
export interface Ga4Event {
  event: string;
  ecommerce?: Record<string, unknown>;
  [field: string]: unknown;
}

const CURRENCY = 'EUR';

/** view_item_list: the tiles of one listing page, each with its click position. */
export function viewItemList(listName: string, page: number, items: readonly TrackedItem[]): Ga4Event {
  return {
    event: 'view_item_list',
    ecommerce: {
      item_list_name: listName,
      items: items.map((item, i) => ga4Item(item, { item_list_name: listName, index: clickPosition(page, i + 1) })),
    },
  };
}

/** select_item: a tile tapped at `position` (from 1) on listing page `page`. */
export function selectItem(listName: string, page: number, position: number, item: TrackedItem): Ga4Event {
  return {
    event: 'select_item',
    ecommerce: {
      item_list_name: listName,
      items: [ga4Item(item, { item_list_name: listName, index: clickPosition(page, position) })],
    },
  };
}

/** view_item, add_to_cart, remove_from_cart, begin_checkout: the items with their value. */
export function cartEvent(
  event: 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'begin_checkout',
  items: readonly TrackedItem[],
): Ga4Event {
  return { event, ecommerce: { currency: CURRENCY, value: itemsValue(items), items: items.map((i) => ga4Item(i)) } };
}

export function addShippingInfo(items: readonly TrackedItem[], shippingTier: string): Ga4Event {
  return {
    event: 'add_shipping_info',
    ecommerce: {
      currency: CURRENCY,
      value: itemsValue(items),
      shipping_tier: shippingTier,
      items: items.map((i) => ga4Item(i)),
    },
  };
}

export function addPaymentInfo(items: readonly TrackedItem[], paymentType: string): Ga4Event {
  return {
    event: 'add_payment_info',
    ecommerce: {
      currency: CURRENCY,
      value: itemsValue(items),
      payment_type: paymentType,
      items: items.map((i) => ga4Item(i)),
    },
  };
}

/** The totals the server charged an order, in cents. */
export interface ChargedTotals {
  grandTotal: Cents;
  tax: Cents;
  shipping: Cents;
}

/** purchase: an order the server accepted, by its number, with the totals it charged. */
export function purchase(incrementId: string, totals: ChargedTotals, items: readonly TrackedItem[]): Ga4Event {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: incrementId,
      currency: CURRENCY,
      value: toEuros(totals.grandTotal),
      tax: toEuros(totals.tax),
      shipping: toEuros(totals.shipping),
      items: items.map((i) => ga4Item(i)),
    },
  };
}

export function search(term: string): Ga4Event {
  return { event: 'search', search_term: term };
}

/** login and sign_up; spec 001 §5 "Login tracking requires a username": none, no event. */
export function accountEvent(event: 'login' | 'sign_up', username: string | null | undefined): Ga4Event | null {
  return username && username.trim() ? { event, method: 'email' } : null;
}

export function selectPromotion(promotion: { id: string; name: string; slot?: string }): Ga4Event {
  return {
    event: 'select_promotion',
    ecommerce: {
      promotion_id: promotion.id,
      promotion_name: promotion.name,
      ...(promotion.slot ? { creative_slot: promotion.slot } : {}),
    },
  };
}

/**
 * page_view with the page's page-type group (spec 000 §2) and the page-type tag of its group (spec 001 §2); a page of
 * no group is 'Other'.
 */
export function pageView(group: PageTypeGroup | undefined, path: string): Ga4Event {
  return {
    event: 'page_view',
    page_type: analyticsPageType(group),
    ...(group ? { page_group: group } : {}),
    page_path: path,
  };
}
