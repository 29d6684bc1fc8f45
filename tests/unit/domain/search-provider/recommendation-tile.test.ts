import { describe, expect, it } from 'vitest';
import type { ProviderProduct } from '../../../../contract/search-provider.ts';
import {
  RECOMMENDATION_LIMIT,
  recommendationTile,
  tilesOf,
} from '../../../../domain/search-provider/recommendation-tile.ts';

const product = (over: Partial<ProviderProduct> = {}): ProviderProduct => ({
  key: 'SHIRT-1',
  title: 'Oxford &amp; co overhemd',
  link: '/heren-overhemden/oxford-shirt-1',
  ticket: 'STYLE_WITH:SHIRT-1',
  inStock: true,
  brand: 'OFM',
  swatches: { colors: ['Blauw', 'Wit'] },
  custom: { productId: [{ id: '42' }, { id: '43' }] },
  typedCustom: { json: { product_labels: ['Sale', '-30%'], tritonx_mm: [] } },
  badges: { primary: [{ label: '-30%', discount_percentage: '-30%' }] },
  imageInfo: { images: [{ url: 'a.jpg' }, { url: 'b.jpg' }, { url: 'c.jpg' }] },
  price: 79.95,
  final_price_incl_tax: 55.97,
  name: 'Oxford & co overhemd',
  url_path: 'heren-overhemden/oxford-shirt-1',
  type_id: 'configurable',
  ...over,
});

describe('spec 001 §3 "Recommendation tile product"', () => {
  it('key becomes sku and parentSku, the first productId id and parentId, the first swatch the colour', () => {
    const tile = recommendationTile(product());
    expect(tile).toMatchObject({ sku: 'SHIRT-1', parentSku: 'SHIRT-1', id: 42, parentId: 42, color: 'Blauw' });
    expect(tile.elevateProduct).toBe(true);
    expect(tile.ticket).toBe('STYLE_WITH:SHIRT-1');
  });

  it("the first primary badge's discount loses '-' and '%'; the first image is main, the second alternate", () => {
    const tile = recommendationTile(product());
    expect(tile.discount).toBe(30);
    expect(tile.images).toEqual({ main: 'a.jpg', alternate: 'b.jpg' });
    const plain = recommendationTile(
      product({ badges: { primary: [] }, imageInfo: { images: [] }, swatches: { colors: [] } }),
    );
    expect([plain.discount, plain.images, plain.color]).toEqual([null, { main: null, alternate: null }, null]);
  });

  it('a list takes the first product of each group; the limit per list is 8 (§9)', () => {
    expect(RECOMMENDATION_LIMIT).toBe(8);
    const tiles = tilesOf([
      { key: 'A', products: [product({ key: 'A' })] },
      { key: 'B', products: [] },
      { key: 'C', products: [product({ key: 'C' }), product({ key: 'X' })] },
    ]);
    expect(tiles.map((t) => t.sku)).toEqual(['A', 'C']);
  });
});
