import { describe, expect, it } from 'vitest';
import * as cartRules from '../../../../domain/cart/cart-rules.ts';

describe('cart rules (spec 000 §5)', () => {
  it('a shipping method is shown only if its available flag is missing or true', () => {
    const methods = [
      { method_code: 'a' },
      { method_code: 'b', available: true },
      { method_code: 'c', available: false },
      { method_code: 'd', available: null },
    ];
    expect(cartRules.availableShippingMethods(methods).map((m) => m.method_code)).toEqual(['a', 'b', 'd']);
  });

  it('a product with price_incl_tax below 0 cannot be added; zero-price products are allowed', () => {
    expect(cartRules.canAddToCart({ price_incl_tax: -0.01 })).toBe(cartRules.PRICE_UNKNOWN_MESSAGE);
    expect(cartRules.PRICE_UNKNOWN_MESSAGE).toBe('Product price is unknown, product cannot be added to the cart!');
    expect(cartRules.canAddToCart({ price_incl_tax: 0 })).toBeNull();
    expect(cartRules.canAddToCart({ price_incl_tax: 49.95 })).toBeNull();
  });

  it('a missing or non-numeric price is an unknown price and cannot be added', () => {
    expect(cartRules.canAddToCart({})).toBe(cartRules.PRICE_UNKNOWN_MESSAGE);
    expect(cartRules.canAddToCart({ price_incl_tax: Number.NaN })).toBe(cartRules.PRICE_UNKNOWN_MESSAGE);
  });

  it('any non-empty entry in the product errors map blocks adding', () => {
    expect(cartRules.canAddToCart({ price_incl_tax: 10, errors: { variants: 'No available product variants' } })).toBe(
      'No available product variants',
    );
    expect(
      cartRules.canAddToCart({ price_incl_tax: 10, errors: { variants: null, stock: '', other: undefined } }),
    ).toBeNull();
  });

  it('a quantity that is not a number is parsed to an integer; an add defaults to quantity 1', () => {
    expect(cartRules.parseQty('3')).toBe(3);
    expect(cartRules.parseQty('2 stuks')).toBe(2);
    expect(cartRules.parseQty(4)).toBe(4);
    expect(cartRules.parseQty(2.7)).toBe(2);
    expect(cartRules.parseQty(undefined)).toBe(1);
    expect(cartRules.parseQty('')).toBe(1);
    expect(cartRules.parseQty('abc')).toBe(1);
    expect(cartRules.parseQty(Number.NaN)).toBe(1);
  });

  it('the mini cart counts quantities (minicartCountType items versus quantity sum, spec 000 §9)', () => {
    const items = [{ qty: 2 }, { qty: 3 }];
    expect(cartRules.minicartCount(items)).toBe(5);
    expect(cartRules.minicartCount(items, 'quantities')).toBe(5);
    expect(cartRules.minicartCount(items, 'items')).toBe(2);
    expect(cartRules.minicartCount([])).toBe(0);
  });
});
