import { describe, expect, it } from 'vitest';
import { addToCompareList, COMPARE_LIMIT, removeFromCompareList } from '../../../../domain/catalog/compare-list.ts';

describe('compare list (spec 000 §1 compare; at most 4 side by side)', () => {
  it('adds at the end, each product once', () => {
    expect(addToCompareList(['A'], 'B')).toEqual({ list: ['A', 'B'], outcome: 'added' });
    expect(addToCompareList(['A', 'B'], 'A')).toEqual({ list: ['A', 'B'], outcome: 'already' });
  });

  it('refuses a fifth product and keeps the four', () => {
    const four = ['A', 'B', 'C', 'D'];
    expect(COMPARE_LIMIT).toBe(4);
    expect(addToCompareList(four, 'E')).toEqual({ list: four, outcome: 'full' });
    expect(addToCompareList(four, 'C').outcome).toBe('already');
  });

  it('removes a product and keeps the order of the rest', () => {
    expect(removeFromCompareList(['A', 'B', 'C'], 'B')).toEqual(['A', 'C']);
    expect(removeFromCompareList(['A'], 'X')).toEqual(['A']);
  });
});
