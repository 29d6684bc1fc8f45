import { PRODUCT_TILE_FIELDS } from '../../../domain/catalog/product-tile-fields.ts';
import { sortOptionFromQuery, sortParam } from '../../../domain/catalog/sort-options.ts';
import type { ProductSearchQuery } from '../../../worker/api-types.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { ProductTiles } from '../../ui/product-tile.tsx';
import type { StoryBlock } from '../../lib/cms-story.ts';
import { trackSelectItem } from '../../lib/analytics/events.ts';

/** A CMS product row: by skus, by category id, or the newest products. */
export function ProductCarousel({ block }: { block: StoryBlock }) {
  const skus = Array.isArray(block.skus)
    ? (block.skus as string[])
    : typeof block.skus === 'string'
      ? block.skus.split(',')
      : [];
  const categoryId = Number(block.category_id ?? block.categoryId) || undefined;
  const query: ProductSearchQuery = {
    filter: skus.length ? { sku: { in: skus } } : categoryId ? { category_ids: { in: [categoryId] } } : {},
    sort: skus.length || categoryId ? undefined : sortParam(sortOptionFromQuery('latest')),
    size: Number(block.limit) || 8,
    // Tiles need only these; full documents (children, links) would make every home visit clone megabytes across
    // the worker boundary on the main thread.
    includeFields: [...PRODUCT_TILE_FIELDS],
  };
  const result = useAsync(`carousel:${JSON.stringify(query)}`, () => shop().searchProducts(query));
  const items = result.data?.items ?? [];
  // A tap on a tile is a select_item from a list named after the row (spec 001 §5).
  const listName = typeof block.title === 'string' && block.title ? block.title : 'CMS product row';
  return (
    <section className="cms-products">
      {typeof block.title === 'string' ? <h2>{block.title}</h2> : null}
      <ProductTiles
        products={items}
        className="product-row"
        onSelect={(product, position) => trackSelectItem(listName, 1, position, product)}
      />
    </section>
  );
}
