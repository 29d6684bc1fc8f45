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

  it('one size text for every screen: the chosen system with the EU size beside it; indistinct tables keep labels', () => {
    const suit: sizeConversion.SizeConversion = {
      '48': { eu: '48', uk: '38', us: '38', cm: '96' },
      '50': { eu: '50', uk: '40', us: '40', cm: '100' },
    };
    const { sizeText, sizeShown } = sizeConversion;
    expect(sizeText(suit, ['48', '50'], '50', 'size_uk')).toBe('UK 40 (EU 50)');
    expect(sizeText(suit, ['48', '50'], '50', 'size_cm')).toBe('CM 100 (EU 50)');
    expect(sizeText(suit, ['48', '50'], '50', 'size_eu')).toBe('EU 50');
    expect(sizeShown(suit, ['48', '50'], '50', 'size_uk')).toBe('40');
    // jeans: two lengths of one waist are one UK size, so every screen keeps the shop's label
    const jeans: sizeConversion.SizeConversion = {
      'W30 L32': { eu: '46', uk: '30' },
      'W30 L34': { eu: '46', uk: '30' },
    };
    expect(sizeText(jeans, ['W30 L32', 'W30 L34'], 'W30 L34', 'size_uk')).toBe('W30 L34');
    expect(sizeShown(jeans, ['W30 L32', 'W30 L34'], 'W30 L34', 'size_eu')).toBe('W30 L34');
    expect(sizeText(undefined, ['M'], 'M', 'size_uk')).toBe('M');
  });
});
