import { t } from '../lib/i18n/index.ts';
import { useRecentlyViewed } from '../lib/recently-viewed.ts';
import { ProductTiles } from './product-tile.tsx';

/**
 * "Recent bekeken" (spec 000 §9 storage key `recently-viewed`): the products this device viewed, most recent first,
 * from the device's own list, so the row shows offline too. `exclude` leaves out the product on screen. Nothing
 * shows while there is nothing to show.
 */
export function RecentlyViewed({ exclude }: { exclude?: string }) {
  const products = (useRecentlyViewed() ?? []).filter((p) => p.sku !== exclude);
  if (products.length === 0) return null;
  return (
    <section className="recently-viewed" aria-labelledby="recently-viewed-heading">
      <h2 id="recently-viewed-heading">{t('Recently viewed')}</h2>
      <ProductTiles products={products} className="product-row" />
    </section>
  );
}
