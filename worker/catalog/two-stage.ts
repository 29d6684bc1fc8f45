/**
 * Spec 000 §4 "Category two-stage caching": a listing first loads a light field set to render at once, then the
 * full documents for the local cache. The switch turns itself off at runtime when the first stage turns out slower
 * than the second (then one full request is cheaper than two).
 */
export class TwoStageSwitch {
  constructor(public enabled: boolean) {}

  record(firstStageMs: number, secondStageMs: number): void {
    if (firstStageMs > secondStageMs) this.enabled = false;
  }
}

/** What a product tile needs: the first stage asks for these only. */
export const LISTING_FIELDS = [
  'id',
  'sku',
  'name',
  'type_id',
  'url_path',
  'url_key',
  'slug',
  'status',
  'visibility',
  'brand',
  'image',
  'small_image',
  'thumbnail',
  'media_gallery',
  'price',
  'price_incl_tax',
  'original_price_incl_tax',
  'special_price',
  'special_price_incl_tax',
  'final_price',
  'final_price_incl_tax',
  'regular_price',
  'special_from_date',
  'special_to_date',
  'discount_percentage',
  'stock',
  'product_labels',
  'sale',
  'new',
  'color',
  'color_options',
  'size_options',
  'category_ids',
];
