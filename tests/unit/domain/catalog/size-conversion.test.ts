import { describe, expect, it } from 'vitest';
import * as sizeConversion from '../../../../domain/catalog/size-conversion.ts';

describe('size conversion (spec 000 §9, spec 001 §3)', () => {
  it('size systems EU, UK, US, CM; default size_uk', () => {
    const { SIZE_SYSTEMS, SIZE_SYSTEM_LABELS } = sizeConversion;
    expect(SIZE_SYSTEMS).toEqual(['size_eu', 'size_uk', 'size_us', 'size_cm']);
    expect(SIZE_SYSTEMS.map((s) => SIZE_SYSTEM_LABELS[s])).toEqual(['EU', 'UK', 'US', 'CM']);
    expect(sizeConversion.DEFAULT_SIZE_SYSTEM).toBe('size_uk');
    expect(sizeConversion.parseSizeSystem('size_eu')).toBe('size_eu');
    expect(sizeConversion.parseSizeSystem('size_xx')).toBe('size_uk');
    expect(sizeConversion.parseSizeSystem(null)).toBe('size_uk');
  });

  it("converts a size with the product's own size table; a size without conversion keeps the shop's label", () => {
    const conversion: sizeConversion.SizeConversion = {
      'M': { eu: '50', uk: '40', us: '40', cm: '100' },
      '43': { eu: '43', uk: 9.5 },
    };
    expect(sizeConversion.convertSize(conversion, 'M', 'size_eu')).toBe('50');
    expect(sizeConversion.convertSize(conversion, 'M', 'size_cm')).toBe('100');
    expect(sizeConversion.convertSize(conversion, '43', 'size_uk')).toBe('9.5');
    expect(sizeConversion.convertSize(conversion, '43', 'size_us')).toBe('43');
    expect(sizeConversion.convertSize(conversion, 'XL', 'size_eu')).toBe('XL');
    expect(sizeConversion.convertSize(undefined, 'L', 'size_uk')).toBe('L');
  });
});
