/**
 * Cart item shapes (spec 000 §3 "Cart item"). Structurally compatible with the worker's RxDB `CartItemDoc`, so the
 * domain rules accept its documents as they are. Money fields keep the spec's names and therefore its unit: euros,
 * as the product documents and API payloads carry them.
 */

export interface CustomOptionValue {
  option_id: number | string;
  option_value: string | number;
}

export interface ConfigurableItemOption {
  option_id: number | string;
  option_value: number | string;
  label?: string;
  value?: string;
}

export interface BundleOptionValue {
  option_id: number | string;
  option_qty: number;
  option_selections: Array<number | string>;
}

/** Magento's product_option; a `type` (not interface) so it is assignable to `Record<string, unknown>`. */
export type ProductOption = {
  extension_attributes?: {
    custom_options?: CustomOptionValue[];
    configurable_item_options?: ConfigurableItemOption[];
    /** Vue Storefront keeps bundle options as a list or as a map keyed by option id. */
    bundle_options?: BundleOptionValue[] | Record<string, BundleOptionValue>;
  };
};

/** What identity, hashing and merge rules need of a cart line; client items and server items both satisfy it. */
export interface CartLine {
  sku: string;
  qty: number;
  /** On a client item: the line id the server gave it (its one server id); on a server item: its own id. */
  item_id?: number | string | null;
  server_cart_id?: string | null;
  product_option?: ProductOption | Record<string, unknown> | null;
  /** SHA3-224 of the product options (see item-identity.ts); computed when missing. */
  checksum?: string | null;
  type_id?: string;
  product_type?: string;
  /** The device's own id of a client line (the worker's RxDB primary key). */
  local_id?: string;
  /** Guest line keys already summed into this line by mergeGuestIntoAccountCart (see guest-merge.ts). */
  merged_from?: string[];
}

/** A client cart item: spec 000 §3 "Cart item" plus the display fields copied from the product. */
export interface CartItem extends CartLine {
  prev_qty?: number;
  quote_id?: string | null;
  /** Euros incl. tax, as on the product document. */
  price_incl_tax?: number;
  totals?: ({ discount_amount?: number } & Record<string, unknown>) | null;
  parentSku?: string;
  is_in_stock?: boolean;
  info?: Record<string, string | null>;
  errors?: Record<string, string | null>;
  is_dropshipping?: boolean;
  name?: string;
  image?: string;
}
