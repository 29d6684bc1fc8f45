import type { RxJsonSchema } from 'rxdb';

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

export const wishlistItemsSchema: RxJsonSchema<WishlistItemDoc> = {
  title: 'wishlist_items',
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 160 },
    sku: { type: 'string' },
    id: { type: 'number' },
    parentId: { anyOf: [{ type: 'number' }, { type: 'null' }] },
    parentSku: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    item_id: { anyOf: [{ type: 'number' }, { type: 'string' }, { type: 'null' }] },
    qty: { type: 'number' },
    product: { type: 'object' },
    added_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['key', 'sku', 'qty', 'added_at'],
  indexes: ['added_at'],
};

export const wishlistItemsMigrationStrategies = {};
