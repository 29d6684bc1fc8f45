import type { Product } from '../../contract/catalog.ts';

/** Spec 001 §3 "Colour relations": at most this many other colours on a product page (the worker's config default). */
export const COLOR_RELATIONS_LIMIT = 20;

/** The skus of a product's other colours: its colorrelation links. */
export function colorRelationSkus(product: Product): string[] {
  return (product.product_links ?? []).filter((l) => l.link_type === 'colorrelation').map((l) => l.linked_product_sku);
}

/** The search for a product's other colours (worker and server-rendered page ask the same). */
export function colorRelationsBody(skus: string[]) {
  return { filter: { sku: { in: skus }, status: 1 }, size: skus.length };
}

/**
 * What the colour choice of a product page shows of another colour and sorts it by: a server-rendered page carries
 * only these. Not the variants: reading them cost the render ~1 ms, and they only let a link keep a chosen size,
 * which the worker's whole documents do once the page runs.
 */
export const COLOR_RELATION_FIELDS = ['sku', 'name', 'slug', 'url_key', 'color', 'subcolor', 'color_label', 'stock'];

/** Spec 001 §3 "Colour relations": in stock, sorted by color then subcolor, at most `limit`. */
export function sortColorRelations(products: Product[], limit: number): Product[] {
  const key = (p: Product, field: string) => String(p[field] ?? '');
  return products
    .filter((p) => p.stock?.is_in_stock !== false)
    .sort(
      (a, b) => key(a, 'color').localeCompare(key(b, 'color')) || key(a, 'subcolor').localeCompare(key(b, 'subcolor')),
    )
    .slice(0, limit);
}
