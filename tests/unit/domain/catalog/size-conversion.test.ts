import { describe, expect, it } from 'vitest';
import { convertSize, DEFAULT_SIZE_SYSTEM, parseSizeSystem, SIZE_SYSTEMS } from '../../../../domain/catalog/size-conversion.ts';

describe('size conversion (spec 000 §9, spec 001 §9)', () => {
  it('size systems EU, UK, US, CM; default size_uk', () => {
    expect(SIZE_SYSTEMS).toEqual(['size_eu', 'size_uk', 'size_us', 'size_cm']);
    expect(DEFAULT_SIZE_SYSTEM).toBe('size_uk');
    expect(parseSizeSystem('size_eu')).toBe('size_eu');
    expect(parseSizeSystem('size_xx')).toBe('size_uk');
    expect(parseSizeSystem(null)).toBe('size_uk');
  });

  it('converts men’s shoe sizes between systems', () => {
    expect(convertSize('9', 'size_uk', 'size_eu')).toBe('43');
    expect(convertSize('9', 'size_uk', 'size_us')).toBe('10');
    expect(convertSize('43', 'size_eu', 'size_cm')).toBe('28');
    expect(convertSize('9,5', 'size_uk', 'size_eu')).toBe('44');
    expect(convertSize(8, 'size_uk', 'size_uk')).toBe('8');
    expect(convertSize('XL', 'size_uk', 'size_eu')).toBeNull();
  });
});
