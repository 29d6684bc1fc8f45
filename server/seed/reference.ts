import type { Queryable } from '../db/index.ts';
import { insertRows, json } from './batch.ts';

/** Tax classes (Magento's numbering, which the storefront's tax rules expect: 2 = taxable goods, 3 = retail). */
export const TAX_CLASS = {
  /** Clothing, shoes, accessories: NL 21 %, BE 21 %. */
  standard: 2,
  /** Books and printed gift items: NL 9 %, BE 6 %. */
  reduced: 5,
  retailCustomer: 3,
  businessCustomer: 4,
} as const;

/** Customer groups: 0 guests, 1 general (every registered customer), 2 club members with tier prices. */
export const CUSTOMER_GROUP = { notLoggedIn: 0, general: 1, club: 2 } as const;

export async function seedReference(q: Queryable): Promise<void> {
  await insertRows(
    q,
    'store_views',
    ['code', 'store_id', 'name', 'default_country', 'locale', 'currency', 'is_default'],
    [
      ['nl', 1, 'OFM Nederland', 'NL', 'nl-NL', 'EUR', true],
      ['be', 2, 'OFM België', 'BE', 'nl-NL', 'EUR', false],
    ],
  );

  await insertRows(
    q,
    'countries',
    ['id', 'full_name_locale', 'full_name_english', 'available_regions:jsonb'],
    [
      ['NL', 'Nederland', 'Netherlands', null],
      ['BE', 'België', 'Belgium', null],
      ['DE', 'Duitsland', 'Germany', null],
      ['LU', 'Luxemburg', 'Luxembourg', null],
      ['FR', 'Frankrijk', 'France', null],
      ['AT', 'Oostenrijk', 'Austria', null],
      ['DK', 'Denemarken', 'Denmark', null],
    ].map(([id, locale, english, regions]) => [id, locale, english, regions === null ? null : json(regions)]),
  );

  await insertRows(q, 'currencies', ['code', 'symbol', 'name'], [['EUR', '€', 'Euro']]);

  await insertRows(
    q,
    'tax_classes',
    ['id', 'name', 'type'],
    [
      [TAX_CLASS.standard, 'Hoog tarief (kleding)', 'PRODUCT'],
      [TAX_CLASS.reduced, 'Laag tarief (boeken, cadeau-artikelen)', 'PRODUCT'],
      [TAX_CLASS.retailCustomer, 'Particulier', 'CUSTOMER'],
      [TAX_CLASS.businessCustomer, 'Zakelijk', 'CUSTOMER'],
    ],
  );

  await insertRows(
    q,
    'customer_groups',
    ['id', 'code', 'tax_class_id'],
    [
      [CUSTOMER_GROUP.notLoggedIn, 'NOT LOGGED IN', TAX_CLASS.retailCustomer],
      [CUSTOMER_GROUP.general, 'General', TAX_CLASS.retailCustomer],
      [CUSTOMER_GROUP.club, 'OFM Club', TAX_CLASS.retailCustomer],
    ],
  );

  const customers = [TAX_CLASS.retailCustomer, TAX_CLASS.businessCustomer];
  await insertRows(
    q,
    'tax_rules',
    ['id', 'code', 'product_tax_class_ids:int[]', 'customer_tax_class_ids:int[]', 'priority'],
    [
      [1, 'Hoog tarief', [TAX_CLASS.standard], customers, 0],
      [2, 'Laag tarief', [TAX_CLASS.reduced], customers, 0],
    ],
  );

  // NL and BE are the shop's countries; the neighbours are there for delivery abroad (tax of the destination).
  const rates: [number, number, string, string, number][] = [
    [1, 1, 'NL-21', 'NL', 21],
    [2, 1, 'BE-21', 'BE', 21],
    [3, 1, 'DE-19', 'DE', 19],
    [4, 1, 'LU-17', 'LU', 17],
    [5, 1, 'FR-20', 'FR', 20],
    [6, 2, 'NL-9', 'NL', 9],
    [7, 2, 'BE-6', 'BE', 6],
    [8, 2, 'DE-7', 'DE', 7],
    [9, 2, 'LU-3', 'LU', 3],
    [10, 2, 'FR-5.5', 'FR', 5.5],
  ];
  await insertRows(
    q,
    'tax_rates',
    ['id', 'tax_rule_id', 'code', 'tax_country_id', 'region_name', 'tax_region_id', 'rate'],
    rates.map(([id, rule, code, country, rate]) => [id, rule, code, country, '*', 0, rate]),
  );
}
