import type { MappedRoute } from '../../schemas/index.ts';
import type { Category, Product } from '../../contract/catalog.ts';

/**
 * Spec 001 §2: product routes are `{type}-product` with params parentSku, slug and childSku; childSku defaults to the
 * product's own sku and parentSku to sku.
 */
export function productRoute(
  product: Pick<Product, 'sku' | 'type_id' | 'slug' | 'url_key' | 'parentSku'> & { parent_type_id?: string },
): MappedRoute {
  const parentSku = product.parentSku ?? product.sku;
  // A child (simple) shown on its configurable parent's page uses the parent's route.
  const type =
    product.parentSku && product.parentSku !== product.sku
      ? (product.parent_type_id ?? 'configurable')
      : product.type_id;
  return {
    name: `${type}-product`,
    params: { slug: String(product.slug ?? product.url_key ?? ''), parentSku, childSku: product.sku },
  };
}

export function categoryRoute(category: Pick<Category, 'url_path'>): MappedRoute {
  return { name: 'category', params: { url_path: String(category.url_path ?? '') } };
}

/** The cms-page route takes param slug, filled from the page identifier (spec 001 §2). */
export function cmsPageRoute(source: Record<string, unknown>): MappedRoute {
  return { name: 'cms-page', params: { slug: String(source.identifier ?? source.slug ?? source.full_slug ?? '') } };
}
