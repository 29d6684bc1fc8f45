import type { ConfigurableChild, Product } from '../../contract/catalog.ts';
import { PRODUCT_DISABLED, ProductUnavailableError } from './messages.ts';

/**
 * Spec 000 §4 "Product loading": status 2 or higher fails; visibility 1 (a configurable child) fails unless direct
 * child access is allowed, in which case the caller loads the parent. Returns 'load-parent' for that case.
 */
export function checkLoadable(product: Product, allowDirectChildAccess: boolean): 'ok' | 'load-parent' {
  if (Number(product.status) >= 2) throw new ProductUnavailableError(PRODUCT_DISABLED);
  if (Number(product.visibility) === 1) {
    if (!allowDirectChildAccess) throw new ProductUnavailableError(PRODUCT_DISABLED);
    return 'load-parent';
  }
  return 'ok';
}

/** Spec 000 §5 "Grouped products use only associated simple links". */
export function associatedSkus(product: Product): string[] {
  if (product.type_id !== 'grouped') return [];
  return (product.product_links ?? [])
    .filter((link) => link.link_type === 'associated' && (link.linked_product_type ?? 'simple') === 'simple')
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((link) => link.linked_product_sku);
}

/** The configurable attribute values of a child, keyed by attribute code (`{ color: '49', size: '52' }`). */
export function childConfiguration(product: Product, child: ConfigurableChild): Record<string, string> {
  const configuration: Record<string, string> = {};
  for (const option of product.configurable_options ?? []) {
    const value = child[option.attribute_code];
    if (value !== undefined && value !== null) configuration[option.attribute_code] = String(value);
  }
  return configuration;
}
