/**
 * What a product tile shows of a product (its link, image, name, brand, prices, labels and stock): what a CMS product
 * row asks of the catalogue, and the copy the recently viewed list keeps on the device, so that row shows offline and
 * after the catalogue cache's entry has expired or been purged.
 */
export const PRODUCT_TILE_FIELDS = [
  'id',
  'sku',
  'parentSku',
  'name',
  'type_id',
  'status',
  'visibility',
  'url_path',
  'url_key',
  'slug',
  'brand',
  'image',
  'price_incl_tax',
  'original_price_incl_tax',
  'special_price_incl_tax',
  'final_price_incl_tax',
  'stock',
  'product_labels',
  'new',
] as const;
