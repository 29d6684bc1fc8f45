import { describe, expect, it } from 'vitest';
import {
  canUpdateShippingAndPayment,
  cartHash,
  isCartChanged,
  needsServerSync,
  needsTotalsSync,
} from '../../../../domain/cart/cart-hash.ts';
import type { CartItem } from '../../../../domain/cart/types.ts';

const shirt: CartItem = { sku: 'SHIRT-M', qty: 1, name: 'Overhemd', price_incl_tax: 49.95, local_id: 'a' };
const tie: CartItem = { sku: 'TIE', qty: 2, product_option: { extension_attributes: { custom_options: [{ option_id: 1, option_value: 'JD' }] } } };

describe('cartHash', () => {
  it('is stable under item order and display fields', () => {
    expect(cartHash([shirt, tie], 't1')).toBe(cartHash([tie, shirt], 't1'));
    const relabelled: CartItem = { ...shirt, name: 'Ander', is_in_stock: false, info: { stock: 'In stock!' } };
    expect(cartHash([relabelled], 't1')).toBe(cartHash([shirt], 't1'));
  });

  it('changes with sku, qty, options and the server token', () => {
    const base = cartHash([shirt, tie], 't1');
    expect(cartHash([{ ...shirt, qty: 2 }, tie], 't1')).not.toBe(base);
    expect(cartHash([{ ...shirt, sku: 'SHIRT-L' }, tie], 't1')).not.toBe(base);
    expect(cartHash([shirt, { ...tie, product_option: { extension_attributes: { custom_options: [{ option_id: 1, option_value: 'XX' }] } } }], 't1')).not.toBe(base);
    expect(cartHash([shirt, tie], 't2')).not.toBe(base);
    expect(cartHash([shirt, tie], null)).not.toBe(base);
  });
});

describe('cart change detection (spec 000 §4)', () => {
  it('the cart counts as changed when its hash differs from the stored hash', () => {
    expect(isCartChanged({ hash: 'a', storedHash: 'a' })).toBe(false);
    expect(isCartChanged({ hash: 'a', storedHash: 'b' })).toBe(true);
  });

  it('server sync is required when the hash is empty or changed, or when no sync has happened', () => {
    expect(needsServerSync({ hash: 'a', storedHash: 'a', lastSyncDate: 1700000000000 })).toBe(false);
    expect(needsServerSync({ hash: 'a', storedHash: '', lastSyncDate: 1700000000000 })).toBe(true);
    expect(needsServerSync({ hash: 'a', storedHash: null, lastSyncDate: 1700000000000 })).toBe(true);
    expect(needsServerSync({ hash: 'a', storedHash: 'b', lastSyncDate: 1700000000000 })).toBe(true);
    expect(needsServerSync({ hash: 'a', storedHash: 'a', lastSyncDate: null })).toBe(true);
  });

  it('totals sync is required likewise, on the last totals sync date', () => {
    expect(needsTotalsSync({ hash: 'a', storedHash: 'a', lastTotalsSyncDate: new Date() })).toBe(false);
    expect(needsTotalsSync({ hash: 'a', storedHash: 'b', lastTotalsSyncDate: new Date() })).toBe(true);
    expect(needsTotalsSync({ hash: 'a', storedHash: undefined, lastTotalsSyncDate: new Date() })).toBe(true);
    expect(needsTotalsSync({ hash: 'a', storedHash: 'a', lastTotalsSyncDate: 0 })).toBe(true);
  });

  it('shipping and payment methods can be updated only when cart sync is on and a server token exists', () => {
    expect(canUpdateShippingAndPayment({ synchronize: true, token: 'abc' })).toBe(true);
    expect(canUpdateShippingAndPayment({ synchronize: true, token: null })).toBe(false);
    expect(canUpdateShippingAndPayment({ synchronize: true, token: '' })).toBe(false);
    expect(canUpdateShippingAndPayment({ synchronize: false, token: 'abc' })).toBe(false);
  });
});
