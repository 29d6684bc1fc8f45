import { canAddToCart, PRICE_UNKNOWN_MESSAGE, parseQty as parseQtyRule, type AddableProduct } from '../../domain/cart/cart-rules.ts';

/** The add-to-cart checks of spec 000 §5 live in domain/cart/cart-rules.ts; the worker only applies them. */
export const PRICE_UNKNOWN = PRICE_UNKNOWN_MESSAGE;

/** The first reason the product cannot be added, or null. Without a product document (a sku only) nothing is checked. */
export function addCheck(product: Record<string, unknown> | null): string | null {
  return product ? canAddToCart(product as AddableProduct) : null;
}

/** A quantity that is not a number is parsed to an integer; an add defaults to 1. */
export function parseQty(qty: unknown): number {
  return parseQtyRule(qty);
}
