/** Texts of spec 000 §5/§8 (English source text; the app translates them). */
export const NO_SUCH_CONFIGURATION =
  'No such configuration for the product. Please do choose another combination of attributes.';
export const NO_PRODUCTS_FOR_CATEGORY = 'No products synchronized for this category. Please come back while online!';
export const PRODUCT_NOT_FOUND = 'Product query returned empty result';
export const PRODUCT_DISABLED = 'Product query returned an empty result for status or visibility';

export function missingSearchKey(key: string): string {
  return `Please provide the search key ${key} for product/single action!`;
}

/** A product the shop must not show (disabled, invisible, unknown); the app renders not-found for it. */
export class ProductUnavailableError extends Error {
  override name = 'ProductUnavailableError';
}
