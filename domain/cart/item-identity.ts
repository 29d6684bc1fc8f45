import { sha3_224 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../canonical-json.ts';
import type { CartLine } from './types.ts';

type OptionInput = CartLine['product_option'];

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function extensionAttributes(option: OptionInput): Record<string, unknown> | null {
  return asRecord(asRecord(option)?.extension_attributes);
}

/** Bundle options may be a list or a map by option id; both mean the same list of selections. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const record = asRecord(value);
  return record ? Object.values(record) : [];
}

export function bundleOptions(option: OptionInput): unknown[] {
  return listOf(extensionAttributes(option)?.bundle_options);
}

export function customOptions(option: OptionInput): unknown[] {
  return listOf(extensionAttributes(option)?.custom_options);
}

export function configurableOptions(option: OptionInput): unknown[] {
  return listOf(extensionAttributes(option)?.configurable_item_options);
}

/** Order of selections carries no meaning, so it must not change the checksum. */
function sortedByContent(list: unknown[]): string[] {
  return list.map((v) => canonicalJson(v)).sort();
}

/**
 * The product option checksum: SHA3-224 hex (spec 001 §9 "Product option hash uses a 224-bit SHA-3") of a canonical
 * JSON of what makes the line distinct — its bundle options, else its custom options, else the whole product_option
 * (as Vue Storefront's productChecksum picks them). Key and list order do not matter.
 */
export function productChecksum(productOption: OptionInput): string {
  const bundle = bundleOptions(productOption);
  const custom = customOptions(productOption);
  let data: unknown;
  if (bundle.length > 0) data = { bundle_options: sortedByContent(bundle) };
  else if (custom.length > 0) data = { custom_options: sortedByContent(custom) };
  else data = productOption ?? null;
  return bytesToHex(sha3_224(utf8ToBytes(canonicalJson(data))));
}

/** The stored checksum, or the computed one when an item arrived without it. */
export function checksumOf(item: CartLine): string {
  return item.checksum || productChecksum(item.product_option);
}

export function productTypeOf(item: CartLine): string | undefined {
  return item.type_id ?? item.product_type;
}

/** The server line id an item is known by: a client item's link to its server line, a server item's own id. */
export function serverLineId(item: CartLine): string | null {
  const id = item.item_id;
  return id === null || id === undefined || id === '' ? null : String(id);
}

function sameServerLine(a: CartLine, b: CartLine): boolean {
  const idA = serverLineId(a);
  return idA !== null && idA === serverLineId(b);
}

export function hasBundleOrCustomOptions(item: CartLine): boolean {
  return (
    productTypeOf(item) === 'bundle' ||
    bundleOptions(item.product_option).length > 0 ||
    customOptions(item.product_option).length > 0
  );
}

export function hasConfigurableOptions(item: CartLine): boolean {
  return productTypeOf(item) === 'configurable' || configurableOptions(item.product_option).length > 0;
}

/**
 * Cart item identity (spec 000 §5):
 * - bundle or custom options (on either side): the same server line id, or the same checksum;
 * - configurable options: the same sku (the child sku already names colour and size);
 * - otherwise: the same server line id, or the same sku.
 * "id" is the server's line id (`item_id` on both sides): ids are never reused,
 * so a stale id of a deleted line cannot match another line.
 */
export function isSameCartItem(a: CartLine, b: CartLine): boolean {
  if (hasBundleOrCustomOptions(a) || hasBundleOrCustomOptions(b)) {
    return sameServerLine(a, b) || checksumOf(a) === checksumOf(b);
  }
  if (hasConfigurableOptions(a) || hasConfigurableOptions(b)) {
    return String(a.sku) === String(b.sku);
  }
  return sameServerLine(a, b) || String(a.sku) === String(b.sku);
}
