import { sha3_224 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { isSameCartItem, productChecksum } from '../../../../domain/cart/item-identity.ts';
import type { CartLine } from '../../../../domain/cart/types.ts';

const line = (over: Partial<CartLine>): CartLine => ({ sku: 'X', qty: 1, ...over });

describe('productChecksum', () => {
  it('product option hash uses a 224-bit SHA-3 (spec 001 §9)', () => {
    const option = { extension_attributes: { custom_options: [{ option_id: 1, option_value: 'JD' }] } };
    const expected = bytesToHex(
      sha3_224(utf8ToBytes('{"custom_options":["{\\"option_id\\":1,\\"option_value\\":\\"JD\\"}"]}')),
    );
    expect(productChecksum(option)).toBe(expected);
    expect(productChecksum(option)).toMatch(/^[0-9a-f]{56}$/);
  });

  it('does not depend on key order or on the order of the chosen options', () => {
    const a = {
      extension_attributes: {
        custom_options: [
          { option_id: 1, option_value: 'JD' },
          { option_id: 2, option_value: 'blue' },
        ],
      },
    };
    const b = {
      extension_attributes: {
        custom_options: [
          { option_value: 'blue', option_id: 2 },
          { option_value: 'JD', option_id: 1 },
        ],
      },
    };
    expect(productChecksum(a)).toBe(productChecksum(b));
  });

  it('bundle options as a list or as a map by option id give the same checksum', () => {
    const sel = { option_id: 4, option_qty: 1, option_selections: [12] };
    expect(productChecksum({ extension_attributes: { bundle_options: [sel] } })).toBe(
      productChecksum({ extension_attributes: { bundle_options: { '4': sel } } }),
    );
  });

  it('different options give different checksums; no options hash the empty option', () => {
    const one = productChecksum({ extension_attributes: { custom_options: [{ option_id: 1, option_value: 'A' }] } });
    const two = productChecksum({ extension_attributes: { custom_options: [{ option_id: 1, option_value: 'B' }] } });
    expect(one).not.toBe(two);
    expect(productChecksum(null)).toBe(productChecksum(undefined));
  });
});

describe('isSameCartItem (spec 000 §5 "Cart item identity")', () => {
  const engraving = (text: string) => ({
    extension_attributes: { custom_options: [{ option_id: 1, option_value: text }] },
  });
  /** A belt line with `text` as its engraving (a custom option). */
  const engravedBelt = (text: string) => line({ sku: 'BELT', product_option: engraving(text) });

  it('bundle or custom options: same item id means the same item', () => {
    const client = line({ sku: 'BELT', item_id: 7, product_option: engraving('A') });
    const server = line({ sku: 'BELT', item_id: 7, product_option: engraving('B') });
    expect(isSameCartItem(client, server)).toBe(true);
  });

  it('bundle or custom options: same checksum means the same item, even without ids', () => {
    expect(isSameCartItem(engravedBelt('A'), engravedBelt('A'))).toBe(true);
  });

  it('bundle or custom options: the same sku with other options is another item', () => {
    expect(isSameCartItem(engravedBelt('A'), engravedBelt('B'))).toBe(false);
    // a plain line of the same sku is not the engraved one either
    expect(isSameCartItem(line({ sku: 'BELT' }), engravedBelt('A'))).toBe(false);
  });

  it('bundle or custom options: a stored checksum is used as it is', () => {
    const a = line({ sku: 'B', type_id: 'bundle', checksum: 'abc' });
    expect(isSameCartItem(a, line({ sku: 'B', type_id: 'bundle', checksum: 'abc' }))).toBe(true);
    expect(isSameCartItem(a, line({ sku: 'B', type_id: 'bundle', checksum: 'abd' }))).toBe(false);
  });

  it('configurable options: compare by sku (the child sku), not by item id', () => {
    const option = { extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: 5 }] } };
    const a = line({ sku: 'SHIRT-M', type_id: 'configurable', product_option: option, item_id: 1 });
    expect(isSameCartItem(a, line({ sku: 'SHIRT-M', product_type: 'configurable', item_id: 2 }))).toBe(true);
    expect(isSameCartItem(a, line({ sku: 'SHIRT-L', product_type: 'configurable', item_id: 1 }))).toBe(false);
  });

  it('otherwise: by item id or by sku', () => {
    expect(isSameCartItem(line({ sku: 'SOCK', item_id: 3 }), line({ sku: 'SOCK', item_id: 9 }))).toBe(true);
    expect(isSameCartItem(line({ sku: 'SOCK', item_id: 3 }), line({ sku: 'SOCKS-2', item_id: 3 }))).toBe(true);
    expect(isSameCartItem(line({ sku: 'SOCK' }), line({ sku: 'TIE' }))).toBe(false);
    expect(isSameCartItem(line({ sku: 'SOCK', item_id: null }), line({ sku: 'TIE', item_id: 4 }))).toBe(false);
  });
});
