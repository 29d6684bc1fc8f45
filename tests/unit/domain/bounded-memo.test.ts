import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../../domain/bounded-memo.ts';

describe('boundedMemo', () => {
  it('computes a key once while it is kept, and forgets the oldest beyond the limit', () => {
    const computed: number[] = [];
    const double = boundedMemo(2, (n: number) => {
      computed.push(n);
      return n * 2;
    });
    expect([double(1), double(1), double(2), double(1)]).toEqual([2, 2, 4, 2]);
    expect(computed).toEqual([1, 2]);
    double(3); // 1 is the oldest: forgotten
    expect(double(2)).toBe(4);
    expect(double(1)).toBe(2);
    expect(computed).toEqual([1, 2, 3, 1]);
  });
});
