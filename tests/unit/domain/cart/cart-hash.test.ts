import { describe, expect, it } from 'vitest';
import { canUpdateShippingAndPayment, cartHash } from '../../../../domain/cart/cart-hash.ts';
import type { CartItem } from '../../../../domain/cart/types.ts';

const shirt: CartItem = { sku: 'SHIRT-M', qty: 1, name: 'Overhemd', price_incl_tax: 49.95, local_id: 'a' };
const tie: CartItem = {
  sku: 'TIE',
  qty: 2,
  product_option: { extension_attributes: { custom_options: [{ option_id: 1, option_value: 'JD' }] } },
};

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
    expect(
      cartHash(
        [
          shirt,
          {
            ...tie,
            product_option: { extension_attributes: { custom_options: [{ option_id: 1, option_value: 'XX' }] } },
          },
        ],
        't1',
      ),
    ).not.toBe(base);
    expect(cartHash([shirt, tie], 't2')).not.toBe(base);
    expect(cartHash([shirt, tie], null)).not.toBe(base);
  });
});

describe('shipping and payment updates (spec 000 §4)', () => {
  it('shipping and payment methods can be updated only when cart sync is on and a server token exists', () => {
    expect(canUpdateShippingAndPayment({ synchronize: true, token: 'abc' })).toBe(true);
    expect(canUpdateShippingAndPayment({ synchronize: true, token: null })).toBe(false);
    expect(canUpdateShippingAndPayment({ synchronize: true, token: '' })).toBe(false);
    expect(canUpdateShippingAndPayment({ synchronize: false, token: 'abc' })).toBe(false);
  });
});
