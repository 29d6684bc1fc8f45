import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { CartLineView, CartState, CommandResult, ConfigurableChild, Product } from '../../../worker/api-types.ts';
import * as ga4 from '../../../domain/analytics/ga4.ts';
import { cartLineDisplay, lineVariantText } from '../../../domain/cart/line-display.ts';
import { toCents, type Cents } from '../../../domain/money.ts';
import { shippingCentsOf } from '../../../domain/cart/totals-rule.ts';
import type { PageTypeGroup } from '../../../domain/page-types.ts';
import { readDeviceJson, writeDeviceJson } from '../device-storage.ts';
import { analyticsAllowed } from './consent.ts';
import { track } from './tracker.ts';

/**
 * What the features call, one line each, at the moments spec 001 §5 names. The shapes are domain/analytics/ga4.ts's;
 * this file only turns the app's products and cart lines into its items.
 */

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function productItem(product: Product, child?: ConfigurableChild | null): ga4.TrackedItem {
  // the cart line's own rule for the price and the "Navy · M" text, so the event says what the cart will show
  const display = cartLineDisplay(product, { sku: child?.sku });
  return {
    sku: child?.sku ?? product.sku,
    name: product.name,
    priceCents: display.price_incl_tax === undefined ? undefined : toCents(display.price_incl_tax),
    brand: text(product.brand),
    variant: child ? lineVariantText(display) : undefined,
  };
}

function lineItem(line: CartLineView): ga4.TrackedItem {
  return { sku: line.sku, name: line.display.name, priceCents: line.unitCents, qty: line.qty, variant: line.variant };
}

/** For a command's `.then`: runs `trackIt` when the command succeeded, and hands its result on unchanged. */
export function afterOk<R extends CommandResult>(trackIt: () => void): (result: R) => R {
  return (result) => {
    if (result.ok) trackIt();
    return result;
  };
}

/**
 * The list last pushed on this page visit: a list drawn again on the same visit (the hydrating app redrawing a
 * server-rendered list, then the worker's same answer) is no new view.
 */
let lastListView: string | null = null;

/** view_item_list for the tiles of one listing page, once per page of results and visit. */
export function useTrackItemList(listName: string, page: number, products: Product[] | undefined): void {
  const visit = useLocation({ select: (location) => location.state.__TSR_key ?? location.href });
  const key = products?.length ? `${visit}:${listName}:${page}:${products.map((p) => p.sku).join(',')}` : null;
  useEffect(() => {
    if (!key || !products || key === lastListView) return;
    lastListView = key;
    track(
      ga4.viewItemList(
        listName,
        page,
        products.map((p) => productItem(p)),
      ),
    );
  }, [key]);
}

export function trackSelectItem(listName: string, page: number, position: number, product: Product): void {
  track(ga4.selectItem(listName, page, position, productItem(product)));
}

/** view_item once per product opened (a size chosen later is not a new view). */
export function useTrackViewItem(product: Product | undefined): void {
  useEffect(() => {
    if (product) track(ga4.cartEvent('view_item', [productItem(product)]));
  }, [product?.sku]);
}

export function trackAddToCart(product: Product, child: ConfigurableChild | null, qty = 1): void {
  track(ga4.cartEvent('add_to_cart', [{ ...productItem(product, child), qty }]));
}

export function trackRemoveFromCart(line: CartLineView): void {
  track(ga4.cartEvent('remove_from_cart', [lineItem(line)]));
}

/** begin_checkout once per visit of the checkout, as soon as the cart is known. */
export function useTrackBeginCheckout(cart: CartState | undefined): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !cart?.items.length) return;
    done.current = true;
    track(ga4.cartEvent('begin_checkout', cart.items.map(lineItem)));
  }, [cart]);
}

const CHECKOUT_KEY = 'ofm-analytics-checkout';
const PURCHASES_KEY = 'ofm-analytics-purchases';

interface CheckoutSnapshot {
  items: ga4.TrackedItem[];
  tax: Cents;
  shipping: Cents;
}

/**
 * The shopper submits the checkout: add_shipping_info and add_payment_info for the choices, and the cart kept on
 * the device for the purchase event of the order the server accepts (its confirmation does not list the lines).
 */
export function trackCheckoutSubmitted(cart: CartState, shippingTier: string, paymentType: string): void {
  if (!analyticsAllowed()) return;
  const items = cart.items.map(lineItem);
  track(ga4.addShippingInfo(items, shippingTier));
  track(ga4.addPaymentInfo(items, paymentType));
  const snapshot: CheckoutSnapshot = {
    items,
    tax: cart.totals.vat ?? 0,
    shipping: shippingCentsOf(cart.totals.shipping),
  };
  writeDeviceJson(CHECKOUT_KEY, snapshot);
}

/**
 * purchase for an order the server accepted and was paid, with its number and the total it charged; once per order
 * number (the confirmation may be opened again), and only for an order this device's checkout submitted.
 */
export function useTrackPurchase(order: { increment_id: string; grandTotal: Cents; payment: string } | null): void {
  useEffect(() => {
    if (!order || order.payment !== 'paid' || !analyticsAllowed()) return;
    const snapshot = readDeviceJson<CheckoutSnapshot | null>(CHECKOUT_KEY, null);
    const tracked = readDeviceJson<string[]>(PURCHASES_KEY, []);
    if (!snapshot || tracked.includes(order.increment_id)) return;
    writeDeviceJson(PURCHASES_KEY, [...tracked, order.increment_id].slice(-50));
    writeDeviceJson(CHECKOUT_KEY, null);
    const totals = { grandTotal: order.grandTotal, tax: snapshot.tax, shipping: snapshot.shipping };
    track(ga4.purchase(order.increment_id, totals, snapshot.items));
  }, [order?.increment_id, order?.payment]);
}

/** search once per term shown. */
export function useTrackSearch(term: string | null): void {
  useEffect(() => {
    if (term) track(ga4.search(term));
  }, [term]);
}

export function trackAccount(event: 'login' | 'sign_up', username: string | null | undefined): void {
  track(ga4.accountEvent(event, username));
}

export function trackSelectPromotion(promotion: { id: string; name: string; slot?: string }): void {
  track(ga4.selectPromotion(promotion));
}

/**
 * page_view with the page's page-type group and its type (spec 000 §2, 001 §2), once per path. `group` null: not known
 * yet (a dispatched path the worker has not resolved), so nothing is sent until it is, rather than the previous page's
 * or a guess.
 */
export function useTrackPageView(group: PageTypeGroup | null | undefined, path: string): void {
  useEffect(() => {
    if (group === null || lastPageView === path) return;
    lastPageView = path;
    track(ga4.pageView(group, path));
  }, [path, group]);
}

/** The path of the last page_view: a page drawn again (hydration, a remount) is not a second view of it. */
let lastPageView: string | null = null;
