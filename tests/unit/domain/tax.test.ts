import { describe, expect, it } from 'vitest';
import { defaultTaxCountry, findTaxRate, type TaxRule } from '../../../domain/tax.ts';

const rules: TaxRule[] = [
  {
    id: 1,
    product_tax_class_ids: [2],
    customer_tax_class_ids: [3],
    rates: [
      { rate: 21, tax_country_id: 'NL', region_name: '*', tax_region_id: 0 },
      { rate: 21, tax_country_id: 'BE' },
    ],
  },
  {
    id: 2,
    product_tax_class_ids: [5],
    customer_tax_class_ids: [3],
    rates: [
      { rate: 9, tax_country_id: 'NL' },
      { rate: 6, tax_country_id: 'BE', region_name: 'Antwerpen', tax_region_id: 77 },
      { rate: 12, tax_country_id: 'BE' },
    ],
  },
];

describe('findTaxRate', () => {
  it('tax uses the product class, customer class and country match (spec 000 §5)', () => {
    expect(findTaxRate(rules, 2, { countryId: 'NL', customerTaxClassId: 3 })).toBe(21);
    expect(findTaxRate(rules, 5, { countryId: 'NL', customerTaxClassId: 3 })).toBe(9);
    expect(findTaxRate(rules, 2, { countryId: 'be', customerTaxClassId: 3 })).toBe(21);
  });

  it('a region-specific rate wins over the country-wide rate when the region matches (spec 000 §5)', () => {
    expect(findTaxRate(rules, 5, { countryId: 'BE', regionId: 77, customerTaxClassId: 3 })).toBe(6);
    expect(findTaxRate(rules, 5, { countryId: 'BE', regionId: 12, customerTaxClassId: 3 })).toBe(12);
    expect(findTaxRate(rules, 5, { countryId: 'BE', customerTaxClassId: 3 })).toBe(12);
  });

  it('otherwise a 0 % rate: unknown product class, customer class or country (spec 000 §5)', () => {
    expect(findTaxRate(rules, 99, { countryId: 'NL', customerTaxClassId: 3 })).toBe(0);
    expect(findTaxRate(rules, 2, { countryId: 'NL', customerTaxClassId: 4 })).toBe(0);
    expect(findTaxRate(rules, 2, { countryId: 'DE', customerTaxClassId: 3 })).toBe(0);
    expect(findTaxRate([], 2, { countryId: 'NL', customerTaxClassId: 3 })).toBe(0);
  });

  it('a rate for another region only never applies (spec 000 §5)', () => {
    const regional: TaxRule[] = [
      {
        id: 9,
        product_tax_class_ids: [2],
        customer_tax_class_ids: [3],
        rates: [{ rate: 6, tax_country_id: 'BE', tax_region_id: 77 }],
      },
    ];
    expect(findTaxRate(regional, 2, { countryId: 'BE', regionId: 1, customerTaxClassId: 3 })).toBe(0);
  });
});

describe('defaultTaxCountry', () => {
  it('default tax country NL for the NL storefront, BE for the BE storefront, PL when unset (spec 000 §9)', () => {
    expect(defaultTaxCountry('nl')).toBe('NL');
    expect(defaultTaxCountry('BE')).toBe('BE');
    expect(defaultTaxCountry(undefined)).toBe('PL');
    expect(defaultTaxCountry('')).toBe('PL');
  });
});
