import type { Product, ProductReviewsView, ProductView } from '../../../worker/api-types.ts';
import { prefetchKey } from '../../../domain/page-data.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';

/** Loads by parent sku only: choosing a size changes the URL's child sku but not the loaded product. */
export function useProduct(parentSku: string) {
  return useAsync<ProductView>(prefetchKey.product(parentSku), () => shop().loadProduct({ parentSku }));
}

export function useColorRelations(sku: string | undefined) {
  return useAsync<Product[]>(sku ? prefetchKey.colors(sku) : null, () => shop().colorRelations(sku!));
}

/** The first page of a product's reviews: the page's rating line and the review modal both start from it. */
export function useProductReviews(sku: string) {
  return useAsync<ProductReviewsView>(prefetchKey.reviews(sku), () => shop().productReviews(sku));
}
