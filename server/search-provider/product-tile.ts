import type { CatalogCache } from '../catalog/catalog-cache.ts';
import type { ProductDocument } from '../catalog/product-document.ts';
import { imageHeight, imageUrl } from '../seed/image-names.ts';

/** Spec 000 §9 images: thumbnails 386×483. */
const TILE_WIDTH = 386;

/**
 * A recommendation or suggestion tile as the search provider answers it (spec 001 §3 "Recommendation tile product"):
 * key (the parent sku), title, link, ticket, inStock, brand, swatch colours (the first is the product's colour),
 * custom.productId, typedCustom.json with product_labels and tritonx_mm, badges.primary (the discount), imageInfo
 * (main, then alternate image), the prices incl. tax in euros, name, url_path and elevateProduct.
 */
export interface ProductTile {
  key: string;
  title: string;
  link: string;
  ticket: string;
  inStock: boolean;
  brand: string | null;
  swatch: { colors: { label: string; color: string | null }[] };
  custom: { productId: { id: string; label: string }[] };
  typedCustom: { json: { product_labels: string[]; tritonx_mm: string[] } };
  badges: { primary: { label: string }[] };
  imageInfo: { images: { sizes: { url: string; width: number; height: number }[] }[] };
  price: number;
  final_price_incl_tax: number;
  name: string;
  url_path: string;
  elevateProduct: true;
}

/**
 * The ticket a notification sends back for a tile (spec 001 §7 notifications "with ticket"): where the shopper saw
 * the product — list and position — and which product, opaque to the app.
 */
export function ticketFor(list: string, position: number, sku: string): string {
  return Buffer.from(JSON.stringify([list, position, sku])).toString('base64url');
}

/** The list, position and sku of a ticket; null for anything ticketFor did not make. */
export function readTicket(ticket: string): { list: string; position: number; sku: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(ticket, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [list, position, sku] = value as unknown[];
    if (typeof list !== 'string' || typeof position !== 'number' || typeof sku !== 'string') return null;
    return { list, position, sku };
  } catch {
    return null;
  }
}

const asList = (value: unknown): string[] =>
  value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).map(String);

export function productTile(doc: ProductDocument, list: string, position: number, cache: CatalogCache): ProductTile {
  const sku = String(doc.sku);
  const colourOptions = cache.attributes.get('color')?.options ?? [];
  const colours = asList(doc.color).map((value) => {
    const option = colourOptions.find((o) => o.value === value);
    return { label: option?.label ?? value, color: option?.swatch ?? null };
  });
  const gallery = (Array.isArray(doc.media_gallery) ? doc.media_gallery : []) as { image?: string }[];
  const files = [doc.image, ...gallery.map((m) => m.image)].filter((f): f is string => typeof f === 'string');
  const discount = Number(doc.discount_percentage ?? 0);
  const stock = doc.stock as { is_in_stock?: boolean } | undefined;
  return {
    key: sku,
    title: String(doc.name),
    link: `/p/${encodeURIComponent(sku)}/${encodeURIComponent(String(doc.slug))}`,
    ticket: ticketFor(list, position, sku),
    inStock: stock?.is_in_stock === true,
    brand: typeof doc.brand === 'string' ? doc.brand : null,
    swatch: { colors: colours },
    custom: { productId: [{ id: String(doc.id), label: String(doc.id) }] },
    typedCustom: { json: { product_labels: asList(doc.product_labels), tritonx_mm: asList(doc.tritonx_mm) } },
    badges: { primary: discount > 0 ? [{ label: `-${discount}%` }] : [] },
    imageInfo: {
      images: [...new Set(files)].slice(0, 2).map((file) => ({
        sizes: [{ url: imageUrl(TILE_WIDTH, file), width: TILE_WIDTH, height: imageHeight(TILE_WIDTH) }],
      })),
    },
    price: Number(doc.price_incl_tax),
    final_price_incl_tax: Number(doc.final_price_incl_tax),
    name: String(doc.name),
    url_path: String(doc.url_path),
    elevateProduct: true,
  };
}
