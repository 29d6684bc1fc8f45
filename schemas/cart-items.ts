import type { RxJsonSchema } from 'rxdb';

/** Spec 000 §3 "Cart item". `local_id` is the device's own id so an item exists before the server knows it. */
export interface CartItemDoc {
  local_id: string;
  sku: string;
  qty: number;
  prev_qty?: number;
  item_id?: number | string | null;
  quote_id?: string | null;
  server_item_id?: number | string | null;
  server_cart_id?: string | null;
  product_option?: Record<string, unknown> | null;
  checksum?: string | null;
  price_incl_tax?: number;
  totals?: Record<string, unknown> | null;
  type_id?: string;
  product_type?: string;
  parentSku?: string;
  is_in_stock?: boolean;
  info?: Record<string, string | null>;
  errors?: Record<string, string | null>;
  is_dropshipping?: boolean;
  /** Display fields copied from the product when added (name, image, url_path, prices …). */
  product?: Record<string, unknown>;
  /** Guest lines already summed into this line on login (domain/cart/guest-merge.ts): makes the merge happen once. */
  merged_from?: string[];
  added_at: number;
  updated_at: number;
}

export const cartItemsSchema: RxJsonSchema<CartItemDoc> = {
  title: 'cart_items',
  version: 0,
  primaryKey: 'local_id',
  type: 'object',
  properties: {
    local_id: { type: 'string', maxLength: 64 },
    sku: { type: 'string', maxLength: 128 },
    qty: { type: 'number' },
    prev_qty: { type: 'number' },
    item_id: { anyOf: [{ type: 'number' }, { type: 'string' }, { type: 'null' }] },
    quote_id: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    server_item_id: { anyOf: [{ type: 'number' }, { type: 'string' }, { type: 'null' }] },
    server_cart_id: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    product_option: { anyOf: [{ type: 'object' }, { type: 'null' }] },
    checksum: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    price_incl_tax: { type: 'number' },
    totals: { anyOf: [{ type: 'object' }, { type: 'null' }] },
    type_id: { type: 'string' },
    product_type: { type: 'string' },
    parentSku: { type: 'string' },
    is_in_stock: { type: 'boolean' },
    info: { type: 'object' },
    errors: { type: 'object' },
    is_dropshipping: { type: 'boolean' },
    product: { type: 'object' },
    merged_from: { type: 'array', items: { type: 'string' } },
    added_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    updated_at: { type: 'number' },
  },
  required: ['local_id', 'sku', 'qty', 'added_at', 'updated_at'],
  indexes: ['sku', 'added_at'],
};

export const cartItemsMigrationStrategies = {};
