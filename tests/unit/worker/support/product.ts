import type { Product } from '../../../../contract/catalog.ts';

/**
 * A catalogue product as the search answers it, with only what a test is about spelled out: enabled (status 1),
 * visible in catalogue and search (visibility 4), a simple product named after its SKU unless `fields` says otherwise.
 */
export function catalogProduct(sku: string, fields: Partial<Product> = {}): Product {
  return { id: 1, sku, name: sku, type_id: 'simple', status: 1, visibility: 4, ...fields };
}
