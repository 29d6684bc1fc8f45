import type { ProductGroup, ProviderProduct } from '../../contract/search-provider.ts';
import type { Queryable } from '../db/index.ts';
import { catalogCache } from './catalog-cache.ts';
import type { ProductDocument } from './product-document.ts';
import { searchProducts } from './product-search.ts';
import { priceContext, type StoreCode } from './store-context.ts';

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * A catalogue document as the search provider lists it (spec 001 §3 "Recommendation tile product"): the parent sku
 * is the key, the ticket names the list and the product so a later click or add-to-cart notification can be tied to
 * the list that showed it.
 */
export function providerProduct(doc: ProductDocument, ticket: string): ProviderProduct {
  const d = doc;
  const gallery = Array.isArray(d.media_gallery) ? (d.media_gallery as { image?: string }[]) : [];
  const images = [text(d.image), ...gallery.map((g) => text(g.image))].filter((u, i, all): u is string =>
    u === null ? false : all.indexOf(u) === i,
  );
  const labels = Array.isArray(d.product_labels)
    ? (d.product_labels as unknown[]).filter((l) => typeof l === 'string')
    : [];
  const discount = text(d.discount_percentage);
  const regular = Number(d.original_price_incl_tax ?? d.price_incl_tax ?? 0);
  const final = Number(d.final_price_incl_tax ?? regular);
  const stock = d.stock as { is_in_stock?: boolean } | undefined;
  return {
    key: String(d.sku),
    title: String(d.name),
    link: `/${String(d.url_path ?? '')}`,
    ticket,
    inStock: stock?.is_in_stock !== false,
    brand: text(d.brand),
    swatches: { colors: text(d.color_label) ? [String(d.color_label)] : [] },
    custom: { productId: [{ id: String(d.id) }] },
    typedCustom: { json: { product_labels: labels as string[], tritonx_mm: [] } },
    badges: { primary: discount ? [{ label: discount, discount_percentage: discount }] : [] },
    imageInfo: { images: images.slice(0, 2).map((url) => ({ url })) },
    price: regular,
    final_price_incl_tax: final,
    name: String(d.name),
    url_path: String(d.url_path ?? ''),
    type_id: String(d.type_id),
  };
}

/** The listed documents of `skus`, in that order, as product groups with tickets `{list}:{sku}`. */
export async function providerGroups(
  db: Queryable,
  storeCode: StoreCode,
  now: Date,
  skus: string[],
  list: string,
): Promise<ProductGroup[]> {
  if (skus.length === 0) return [];
  const cache = await catalogCache(db);
  const result = await searchProducts(
    db,
    { filter: { sku: { in: skus } }, start: 0, size: skus.length, excludeFields: ['description'] },
    priceContext(storeCode, now, cache),
    cache,
  );
  const bySku = new Map(result.items.map((p) => [String(p.sku), p]));
  return skus
    .map((sku) => bySku.get(sku))
    .filter((p): p is ProductDocument => p !== undefined)
    .map((p) => ({ key: String(p.sku), products: [providerProduct(p, `${list}:${String(p.sku)}`)] }));
}
