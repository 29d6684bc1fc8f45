import type { ProductGroup, ProviderProduct, RecommendationAlgorithm } from '../../contract/search-provider.ts';

/** Spec 001 §9 "Recommendation limit 8 per list". */
export const RECOMMENDATION_LIMIT = 8;

/**
 * A recommendation tile (spec 001 §3 "Recommendation tile product"): the key becomes sku and parentSku, the first
 * custom.productId becomes id and parentId, the first swatch colour is the colour, the first primary badge's
 * discount loses its '-' and '%', the first image is the main one and the second the alternate. The title stays as
 * the provider sends it (HTML entities included); the app decodes it where it shows text.
 */
export interface RecommendationTile {
  sku: string;
  parentSku: string;
  id: number | null;
  parentId: number | null;
  title: string;
  name: string;
  link: string;
  url_path: string;
  ticket: string;
  inStock: boolean;
  brand: string | null;
  color: string | null;
  labels: string[];
  /** The discount in percent (40 for a '-40%' badge), or null. */
  discount: number | null;
  images: { main: string | null; alternate: string | null };
  /** euros incl. tax, as the catalogue documents carry them */
  price: number;
  final_price_incl_tax: number;
  type_id: string;
  elevateProduct: true;
}

export interface RecommendationTiles {
  algorithm: RecommendationAlgorithm;
  tiles: RecommendationTile[];
}

function discountOf(p: ProviderProduct): number | null {
  const raw = p.badges.primary[0]?.discount_percentage;
  if (!raw) return null;
  const n = Number(raw.replace(/[-%\s]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function recommendationTile(p: ProviderProduct): RecommendationTile {
  const id = Number(p.custom.productId[0]?.id);
  return {
    sku: p.key,
    parentSku: p.key,
    id: Number.isFinite(id) ? id : null,
    parentId: Number.isFinite(id) ? id : null,
    title: p.title,
    name: p.name,
    link: p.link,
    url_path: p.url_path,
    ticket: p.ticket,
    inStock: p.inStock,
    brand: p.brand,
    color: p.swatches.colors[0] ?? null,
    labels: p.typedCustom.json.product_labels,
    discount: discountOf(p),
    images: { main: p.imageInfo.images[0]?.url ?? null, alternate: p.imageInfo.images[1]?.url ?? null },
    price: p.price,
    final_price_incl_tax: p.final_price_incl_tax,
    type_id: p.type_id,
    elevateProduct: true,
  };
}

/** The tiles of a list's product groups: each group's first product. */
export function tilesOf(groups: ProductGroup[]): RecommendationTile[] {
  return groups.flatMap((g) => (g.products[0] ? [recommendationTile(g.products[0])] : []));
}
