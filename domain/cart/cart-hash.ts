import { sha3_224 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../canonical-json.ts';
import { checksumOf } from './item-identity.ts';
import type { CartLine } from './types.ts';

/**
 * Hash of what the server must agree on: each line's sku, qty, options checksum and options, plus the server cart
 * token (a new server cart must be synced even with the same items). Lines are sorted so the order in which the
 * device stored them does not count as a change; display fields (names, prices, stock info) are left out on purpose.
 */
export function cartHash(items: readonly CartLine[], token: string | null | undefined): string {
  const lines = items
    .map((item) =>
      canonicalJson({
        sku: String(item.sku),
        qty: item.qty,
        checksum: checksumOf(item),
        options: item.product_option ?? null,
      }),
    )
    .sort();
  return bytesToHex(sha3_224(utf8ToBytes(canonicalJson({ lines, token: token ?? null }))));
}

/**
 * Shipping and payment methods can be updated only when cart sync is enabled and the cart is connected, i.e. a
 * server token exists (spec 000 §4).
 */
export function canUpdateShippingAndPayment({
  synchronize,
  token,
}: {
  synchronize: boolean;
  token: string | null | undefined;
}): boolean {
  return synchronize && !!token;
}
