import { createHash } from 'node:crypto';

/**
 * The demo account the README gives (and tests log in with). Its group token is random-looking but derived from a
 * fixed string, so every seed produces the same one.
 */
export const DEMO_CUSTOMER = {
  email: 'demo@ofm-shop.nl',
  password: 'Welkom#2026',
  firstname: 'Daan',
  lastname: 'de Vries',
  groupId: 1,
  groupToken: createHash('sha256').update('ofm-seed:demo-customer:group-token').digest('base64url').slice(0, 32),
  externalId: 'OFM-C-1000001',
  dateOfBirth: '1986-04-12',
  mobileNumber: '0612345678',
} as const;

export const DEMO_ADDRESSES = [
  {
    firstname: 'Daan',
    lastname: 'de Vries',
    street: ['Keizersgracht', '123 B'],
    city: 'Amsterdam',
    postcode: '1015 CJ',
    countryId: 'NL',
    telephone: '0612345678',
    isDefault: '1',
    addressType: 'DELIVERY',
    defaultShipping: true,
    defaultBilling: true,
  },
  {
    firstname: 'Daan',
    lastname: 'de Vries',
    street: ['Meir', '45'],
    city: 'Antwerpen',
    postcode: '2000',
    countryId: 'BE',
    telephone: '+32470123456',
    company: 'De Vries Consultancy',
    isDefault: '0',
    addressType: 'BILLING',
    defaultShipping: false,
    defaultBilling: false,
  },
] as const;
