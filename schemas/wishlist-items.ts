import { documentSchema, epochMs, indexedString, orNull } from './document-schema.ts';

/** Spec 001 §3 "Wishlist item": product plus item_id, qty (always 1), parentId, parentSku, sku, key, id. */
export interface WishlistItemDoc {
  key: string;
  sku: string;
  id?: number;
  parentId?: number | null;
  parentSku?: string | null;
  item_id?: number | string | null;
  qty: number;
  product?: Record<string, unknown>;
  added_at: number;
}

export const wishlistItemsSchema = documentSchema<WishlistItemDoc>({
  title: 'wishlist_items',
  version: 0,
  primaryKey: 'key',
  properties: {
    key: indexedString(160),
    sku: { type: 'string' },
    id: { type: 'number' },
    parentId: orNull('number'),
    parentSku: orNull('string'),
    item_id: { anyOf: [{ type: 'number' }, { type: 'string' }, { type: 'null' }] },
    qty: { type: 'number' },
    product: { type: 'object' },
    added_at: epochMs,
  },
  required: ['key', 'sku', 'qty', 'added_at'],
  indexes: ['added_at'],
});

export const wishlistItemsMigrationStrategies = {};
