import { describe, expect, it } from 'vitest';
import { wishlistLoginPlan, type DeviceWishlistItem } from '../../../../domain/wishlist/login-merge.ts';

const device = (key: string, productId: number | null, itemId: number | null = null): DeviceWishlistItem => ({
  key,
  productId,
  itemId,
});
const server = (item_id: number, product_id: number) => ({ item_id, product_id, sku: `SKU-${product_id}` });

describe('spec 001 §4 wishlist: on login the wishlist reloads from the server', () => {
  it('the server list is empty: every local item is pushed up, nothing comes down', () => {
    expect(wishlistLoginPlan([device('A', 1), device('B', 2)], [])).toEqual({
      fromServer: [],
      link: [],
      push: ['A', 'B'],
    });
  });

  it('otherwise the server items come down and only the local items missing on the server are added', () => {
    const plan = wishlistLoginPlan([device('A', 1), device('B', 2)], [server(10, 2), server(11, 3)]);
    expect(plan.fromServer).toEqual([server(11, 3)]);
    expect(plan.push).toEqual(['A']);
    // the item both hold takes the server's item id, so it is not added a second time
    expect(plan.link).toEqual([{ key: 'B', itemId: 10 }]);
  });

  it('an item already linked to its server item needs nothing; an empty device takes the whole server list', () => {
    expect(wishlistLoginPlan([device('A', 1, 10)], [server(10, 1)])).toEqual({ fromServer: [], link: [], push: [] });
    expect(wishlistLoginPlan([], [server(10, 1), server(11, 2)]).fromServer).toHaveLength(2);
  });

  it('a local item without a product id is never sent', () => {
    expect(wishlistLoginPlan([device('A', null)], []).push).toEqual([]);
  });
});
