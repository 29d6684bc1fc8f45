import { describe, expect, it } from 'vitest';
import { LISTING_FIELDS } from '../../../../domain/catalog/listing-query.ts';
import { PRICE_FIELDS, productPrices } from '../../../../domain/catalog/product-prices.ts';

describe('spec 000 §5 the price a product shows', () => {
  it('shows a special price only below the regular one; a lower final price is a special', () => {
    expect(productPrices({ price_incl_tax: 100, special_price_incl_tax: 80 })).toEqual({ price: 100, special: 80 });
    expect(productPrices({ price_incl_tax: 100, special_price_incl_tax: 120 })).toEqual({ price: 100 });
    expect(productPrices({ original_price_incl_tax: 100, price_incl_tax: 90, final_price_incl_tax: 70 })).toEqual({
      price: 100,
      special: 70,
    });
  });
});

describe("a product document's price fields (spec 000 §7 render-list price sync)", () => {
  it('a listing asks for every price field, so a tile the price sync refreshes holds no stale one', () => {
    expect(LISTING_FIELDS).toEqual(expect.arrayContaining([...PRICE_FIELDS]));
    expect(new Set(LISTING_FIELDS).size).toBe(LISTING_FIELDS.length);
  });
});
