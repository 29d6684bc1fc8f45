import { useEffect } from 'react';
import type { Product } from '../../worker/api-types.ts';
import { recentTile } from '../../domain/catalog/recently-viewed.ts';
import { shop } from './shop.ts';
import { sharedLiveQuery, type SharedLiveQuery } from './shared-live-query.ts';

/** The products this device viewed, most recent first (worker/recently-viewed/), one subscription for the page. */
export const useRecentlyViewed: SharedLiveQuery<Product[]> = sharedLiveQuery({ name: 'recentlyViewed' });

/** Records a product page's product once it shows; only its tile crosses to the worker, not the whole document. */
export function useRememberViewed(product: Product | undefined): void {
  useEffect(() => {
    if (product)
      void shop()
        .rememberViewed(recentTile(product))
        .catch(() => undefined);
  }, [product?.sku]);
}
