/**
 * The price fields of a product document (server/catalog/product-document.ts `priceFields`): a listing asks for them,
 * render-list answers them and the worker's price sync refreshes a cached document's with them.
 */
export const PRICE_FIELDS = [
  'price',
  'price_incl_tax',
  'price_tax',
  'original_price',
  'original_price_incl_tax',
  'special_price',
  'special_price_incl_tax',
  'final_price',
  'final_price_incl_tax',
  'regular_price',
  'tax_rate',
  'discount_percentage',
] as const;

export type PriceField = (typeof PRICE_FIELDS)[number];

/** What the price rule reads of a product document or a configurable child merged over it (euros incl. tax). */
export interface PricedProduct {
  price_incl_tax?: number;
  original_price_incl_tax?: unknown;
  special_price_incl_tax?: number;
  final_price_incl_tax?: unknown;
}

/**
 * Regular and special price in euros as the tile, the product page and the cart line show them (spec 000 §5): the
 * special price counts only when it is below the regular one; a final price below the regular one is a special.
 */
export function productPrices(p: PricedProduct): { price?: number; special?: number } {
  const regular = (p.original_price_incl_tax as number | undefined) || p.price_incl_tax;
  let special = p.special_price_incl_tax;
  const final = p.final_price_incl_tax as number | undefined;
  if (!special && final && regular && final < regular) special = final;
  return { price: regular, special: special && regular && special < regular ? special : undefined };
}
