import { documentSchema, epochMs, indexedString, orNull } from './document-schema.ts';
import type { CartLineDisplay } from '../domain/cart/line-display.ts';
import type { CartItem } from '../domain/cart/types.ts';

/**
 * Spec 000 §3 "Cart item" as the device stores it: the domain's cart item (domain/cart/types.ts) with the device's own
 * id required, so an item exists before the server knows it, and the display fields as one typed value.
 */
export interface CartItemDoc extends Omit<CartItem, 'local_id' | 'product_option' | 'totals' | 'name' | 'image'> {
  local_id: string;
  product_option?: Record<string, unknown> | null;
  totals?: Record<string, unknown> | null;
  /** What the line shows, built by domain/cart/line-display.ts from the product and the chosen variant. */
  product?: CartLineDisplay;
  added_at: number;
  updated_at: number;
}

export const cartItemsSchema = documentSchema<CartItemDoc>({
  title: 'cart_items',
  version: 2,
  primaryKey: 'local_id',
  properties: {
    local_id: indexedString(64),
    sku: indexedString(128),
    qty: { type: 'number' },
    prev_qty: { type: 'number' },
    item_id: { anyOf: [{ type: 'number' }, { type: 'string' }, { type: 'null' }] },
    quote_id: orNull('string'),
    server_cart_id: orNull('string'),
    product_option: orNull('object'),
    checksum: orNull('string'),
    price_incl_tax: { type: 'number' },
    totals: orNull('object'),
    type_id: { type: 'string' },
    product_type: { type: 'string' },
    parentSku: { type: 'string' },
    is_in_stock: { type: 'boolean' },
    info: { type: 'object' },
    errors: { type: 'object' },
    is_dropshipping: { type: 'boolean' },
    product: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        image: { type: 'string' },
        url_path: { type: 'string' },
        parentSku: { type: 'string' },
        type_id: { type: 'string' },
        colour_label: { type: 'string' },
        size_label: { type: 'string' },
        size_system: { type: 'string', enum: ['size_eu', 'size_uk', 'size_us', 'size_cm'] },
        size_text: { type: 'string' },
        price_incl_tax: { type: 'number' },
        original_price_incl_tax: { type: 'number' },
      },
      required: ['name'],
    },
    merged_from: { type: 'array', items: { type: 'string' } },
    added_at: epochMs,
    updated_at: { type: 'number' },
  },
  required: ['local_id', 'sku', 'qty', 'added_at', 'updated_at'],
  indexes: ['sku', 'added_at'],
});

/** A version-0 line: two fields for the server line id, and the display fields as an untyped bag. */
type CartItemDocV0 = Omit<CartItemDoc, 'product'> & {
  server_item_id?: number | string | null;
  product?: Record<string, unknown>;
};

const DISPLAY_TEXT_FIELDS = ['image', 'url_path', 'parentSku', 'type_id'] as const;

/** The old display bag as the typed display value: the fields it had, colour and size as the bag named them. */
function displayOf(sku: string, bag: Record<string, unknown>): CartLineDisplay {
  const display: CartLineDisplay = { name: typeof bag.name === 'string' ? bag.name : sku };
  for (const key of DISPLAY_TEXT_FIELDS) if (typeof bag[key] === 'string') display[key] = bag[key];
  if (typeof bag.color_label === 'string') display.colour_label = bag.color_label;
  if (typeof bag.size_label === 'string') display.size_label = bag.size_label;
  if (typeof bag.price_incl_tax === 'number') display.price_incl_tax = bag.price_incl_tax;
  if (typeof bag.original_price_incl_tax === 'number') display.original_price_incl_tax = bag.original_price_incl_tax;
  return display;
}

export const cartItemsMigrationStrategies = {
  /** Spec 000 §3 "Cart item": the device keeps one server id, `item_id`; the display fields become one typed value. */
  1: (old: CartItemDocV0): CartItemDoc => {
    const { server_item_id, product, ...rest } = old;
    const doc: CartItemDoc = { ...rest, item_id: old.item_id ?? server_item_id ?? null };
    if (product) doc.product = displayOf(old.sku, product);
    return doc;
  },
  /**
   * The display value learns the size system and size text (domain/catalog/size-conversion.ts sizeText). A line
   * made before keeps its shop label until the product page or the server's line gives it the text.
   */
  2: (old: CartItemDoc): CartItemDoc => old,
};
