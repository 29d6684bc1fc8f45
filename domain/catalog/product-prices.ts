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
