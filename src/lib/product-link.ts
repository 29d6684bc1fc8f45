import type { Product } from '../../worker/api-types.ts';

/** Product route `/p/{parentSku}/{slug}[/{childSku}]` (spec 001 §2); parentSku defaults to sku. */
export function productPath(
  p: Pick<Product, 'sku' | 'parentSku' | 'slug' | 'url_key' | 'name'>,
  childSku?: string,
): string {
  const parentSku = p.parentSku || p.sku;
  const slug =
    p.slug ||
    p.url_key ||
    p.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `/p/${encodeURIComponent(parentSku)}/${encodeURIComponent(slug)}${childSku ? `/${encodeURIComponent(childSku)}` : ''}`;
}
