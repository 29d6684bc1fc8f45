/**
 * The add-to-cart checks the worker runs before writing (spec 000 §5). Kept as a thin seam: when
 * src/domain/cart/cart-rules.ts lands, these delegate to it.
 */
export const PRICE_UNKNOWN = 'Product price is unknown, product cannot be added to the cart!';

/** The first reason the product cannot be added, or null. */
export function addCheck(product: Record<string, unknown> | null): string | null {
  if (!product) return null;
  if (typeof product.price_incl_tax === 'number' && product.price_incl_tax < 0) return PRICE_UNKNOWN;
  const errors = product.errors as Record<string, unknown> | undefined;
  if (errors) for (const value of Object.values(errors)) if (value) return String(value);
  return null;
}

/** A quantity that is not a number is parsed to an integer; an add defaults to 1. */
export function parseQty(qty: unknown, fallback = 1): number {
  if (qty === undefined || qty === null || qty === '') return fallback;
  const n = typeof qty === 'number' ? Math.trunc(qty) : Number.parseInt(String(qty), 10);
  return Number.isFinite(n) ? n : fallback;
}
