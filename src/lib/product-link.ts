import type { Product } from '../../worker/api-types.ts';

/** Product route `/p/{parentSku}/{slug}[/{childSku}]` (spec 001 §2); parentSku defaults to sku. */
export function productPath(p: Pick<Product, 'sku' | 'parentSku' | 'slug' | 'url_key' | 'name'>, childSku?: string): string {
  const parentSku = p.parentSku || p.sku;
  const slug = p.slug || p.url_key || p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `/p/${encodeURIComponent(parentSku)}/${encodeURIComponent(slug)}${childSku ? `/${encodeURIComponent(childSku)}` : ''}`;
}

/** Regular and special price in euros as the tile and the product page show them. */
export function productPrices(p: Product): { price?: number; special?: number } {
  const regular = (p.original_price_incl_tax as number | undefined) || p.price_incl_tax;
  let special = p.special_price_incl_tax;
  const final = p.final_price_incl_tax as number | undefined;
  if (!special && final && regular && final < regular) special = final;
  return { price: regular, special: special && regular && special < regular ? special : undefined };
}
