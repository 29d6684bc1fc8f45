import { describe, expect, test } from 'vitest';
import { formatDutchEuros, formatDutchNumber } from '../../../domain/dutch-number.ts';

/** Intl's nl-NL output is the reference: the functions exist only to avoid creating it at the app's start. */
const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('nl-NL', options);

/** A fixed sequence of pseudo-random numbers, so a failure names the same value every run. */
function* values(count: number, scale: number, decimals: number): Generator<number> {
  let seed = 20261123;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const sign = seed % 7 === 0 ? -1 : 1;
    yield sign * Number(((seed / 2147483648) * scale).toFixed(decimals));
  }
}

describe('Dutch numbers as Intl writes them (nl-NL)', () => {
  test('prices: two decimals, thousands grouped, the sign after the euro sign', () => {
    const reference = intl({ style: 'currency', currency: 'EUR' });
    for (const euros of [0, 0.01, 1.5, 49.95, -49.95, 999.99, 1000, 1234.5, 1234567.89, -0.01, -0.004, -0]) {
      expect(formatDutchEuros(euros)).toBe(reference.format(euros));
    }
    for (const euros of values(5000, 100000, 2)) expect(formatDutchEuros(euros)).toBe(reference.format(euros));
  });

  test('whole euros (the price filter’s buckets)', () => {
    const reference = intl({ style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    for (const euros of [0, 50, 100, 150, 1500, 0.5, 2.5, -2.5])
      expect(formatDutchEuros(euros, 0)).toBe(reference.format(euros));
    for (const euros of values(2000, 10000, 1)) expect(formatDutchEuros(euros, 0)).toBe(reference.format(euros));
  });

  test('one decimal (a review score), up to one (kilometres), none (a count): halves rounded as Intl', () => {
    const one = intl({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const upToOne = intl({ maximumFractionDigits: 1 });
    const whole = intl({});
    for (const value of [8.9, 8.85, 8.95, 1.45, 1.25, 1.05, 9.99, 10, 0]) {
      expect(formatDutchNumber(value, 1, 1)).toBe(one.format(value));
      expect(formatDutchNumber(value, 0, 1)).toBe(upToOne.format(value));
    }
    for (const value of values(5000, 500, 3)) {
      expect(formatDutchNumber(value, 1, 1)).toBe(one.format(value));
      expect(formatDutchNumber(value, 0, 1)).toBe(upToOne.format(value));
    }
    for (const count of [0, 7, 999, 1000, 12480, 1234567])
      expect(formatDutchNumber(count, 0, 0)).toBe(whole.format(count));
  });
});
