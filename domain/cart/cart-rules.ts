import type { CartLine } from './types.ts';

export { CART_UPDATE_BATCH_MAX } from '../../contract/cart-limits.ts';

/** Spec 000 §5: the message, in the spec's words, used as the app's message key. */
export const PRICE_UNKNOWN_MESSAGE = 'Product price is unknown, product cannot be added to the cart!';

export interface ShippingMethodLike {
  available?: boolean | null;
}

/** A shipping method is shown only if its available flag is missing or true (spec 000 §5). */
export function availableShippingMethods<M extends ShippingMethodLike>(methods: readonly M[]): M[] {
  return methods.filter((m) => m.available === undefined || m.available === null || m.available === true);
}

export interface AddableProduct {
  price_incl_tax?: number | null;
  errors?: Record<string, string | null | undefined> | null;
}

/**
 * Why a product cannot be added, as a message key, or null when it can (spec 000 §5):
 * - price_incl_tax below 0 is refused; zero-price products are allowed. A missing or non-numeric price is refused
 *   too: it is the "unknown price" the message names, and adding it would put an unpriced line in the cart.
 * - any non-empty entry in the product's errors map blocks adding; that entry's text is returned.
 */
export function canAddToCart(product: AddableProduct): string | null {
  const price = product.price_incl_tax;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return PRICE_UNKNOWN_MESSAGE;
  for (const message of Object.values(product.errors ?? {})) {
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/**
 * A quantity that is not a number is parsed to an integer; an add defaults to quantity 1 (spec 000 §5). Numbers are
 * truncated to whole units (the server only accepts integers); anything unparsable, or nothing, gives 1.
 */
export function parseQty(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 1;
  if (typeof value === 'string') {
    const parsed = Number.parseInt(value, 10);
    return Number.isNaN(parsed) ? 1 : parsed;
  }
  return 1;
}

export type MinicartCountType = 'items' | 'quantities';

/** The mini cart counts quantities in this shop (spec 000 §9). */
export const DEFAULT_MINICART_COUNT_TYPE: MinicartCountType = 'quantities';

/** Mini-cart badge: the number of lines ('items') or the sum of their quantities ('quantities'). */
export function minicartCount(
  items: readonly Pick<CartLine, 'qty'>[],
  type: MinicartCountType = DEFAULT_MINICART_COUNT_TYPE,
): number {
  if (type === 'items') return items.length;
  return items.reduce((sum, item) => sum + (Number.isFinite(item.qty) ? item.qty : 0), 0);
}
