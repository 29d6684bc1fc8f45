import { describe, expect, it } from 'vitest';
import { STOCK_STATE_LABELS, stockState } from '../../../../domain/catalog/stock-state.ts';

describe('stock states: in stock, limited stock, well in stock, out of stock (spec 001 §4)', () => {
  it('is_in_stock false or no pieces is out of stock', () => {
    expect(stockState({ is_in_stock: false, qty: 20 })).toBe('out_of_stock');
    expect(stockState({ is_in_stock: true, qty: 0 })).toBe('out_of_stock');
    expect(stockState(null)).toBe('out_of_stock');
  });

  it('1–3 pieces is limited, 10 or more well in stock, in between in stock', () => {
    expect(stockState({ is_in_stock: true, qty: 1 })).toBe('limited');
    expect(stockState({ is_in_stock: true, qty: 3 })).toBe('limited');
    expect(stockState({ is_in_stock: true, qty: 4 })).toBe('in_stock');
    expect(stockState({ is_in_stock: true, qty: 9 })).toBe('in_stock');
    expect(stockState({ is_in_stock: true, qty: 10 })).toBe('well_in_stock');
  });

  it('in stock without a known quantity is plain in stock', () => {
    expect(stockState({ is_in_stock: true })).toBe('in_stock');
    expect(stockState({ is_in_stock: true, qty: null })).toBe('in_stock');
  });

  it('stock not managed (a bundle, qty 0 on the server) is in stock, unless is_in_stock says otherwise', () => {
    expect(stockState({ is_in_stock: true, qty: 0, manage_stock: false })).toBe('in_stock');
    expect(stockState({ is_in_stock: false, qty: 0, manage_stock: false })).toBe('out_of_stock');
    expect(stockState({ is_in_stock: true, qty: 0, manage_stock: true })).toBe('out_of_stock');
  });

  it('each state has a catalogue label', () => {
    expect(STOCK_STATE_LABELS).toEqual({
      in_stock: 'In stock',
      limited: 'Limited stock',
      well_in_stock: 'Well in stock',
      out_of_stock: 'Out of stock',
    });
  });
});
