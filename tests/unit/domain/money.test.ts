import { describe, expect, it } from 'vitest';
import { formatPrice, toCents, toEuros } from '../../../domain/money.ts';

describe('money in integer cents (docs/architecture.md "Conventions")', () => {
  it('toCents rounds euros to whole cents without float drift', () => {
    expect(toCents(49.95)).toBe(4995);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.999)).toBe(2000);
    expect(toCents(0)).toBe(0);
  });

  it('toCents rejects NaN and infinities', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('toEuros gives a two-decimal number for API payloads', () => {
    expect(toEuros(4995)).toBe(49.95);
    expect(toEuros(100)).toBe(1);
    expect(toEuros(toCents(12.34))).toBe(12.34);
  });

  it('price shown with two decimals and a comma decimal separator in EUR (spec 000 §9)', () => {
    expect(formatPrice(4995)).toBe('€\u00a049,95');
    expect(formatPrice(100)).toBe('€\u00a01,00');
    expect(formatPrice(123456)).toBe('€\u00a01.234,56');
  });
});
