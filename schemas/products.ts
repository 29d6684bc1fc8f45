import { documentSchema, epochMs, indexedString } from './document-schema.ts';
import type { Product } from '../contract/catalog.ts';

/** One cached catalogue product; `doc` is the API document as received, the other fields are for queries. */
export interface ProductDoc {
  sku: string;
  id: number;
  url_path: string;
  type_id: string;
  parent_sku: string;
  doc: Product;
  /** ms since epoch; expires after the catalogue TTL (spec 000 §9, 86 400 s). */
  cached_at: number;
}

export const productsSchema = documentSchema<ProductDoc>({
  title: 'products',
  version: 0,
  primaryKey: 'sku',
  properties: {
    sku: indexedString(128),
    id: { type: 'integer' },
    url_path: indexedString(512),
    type_id: { type: 'string' },
    parent_sku: { type: 'string' },
    doc: { type: 'object' },
    cached_at: epochMs,
  },
  required: ['sku', 'id', 'url_path', 'type_id', 'doc', 'cached_at'],
  indexes: ['url_path', 'cached_at'],
});

export const productsMigrationStrategies = {};
