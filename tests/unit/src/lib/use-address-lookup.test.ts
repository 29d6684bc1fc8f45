import { describe, expect, it } from 'vitest';
import { lookupFill, lookupKey, type LookupFields } from '../../../../src/lib/use-address-lookup.ts';

const empty: LookupFields = { country: 'NL', postcode: '3511 AJ', houseNumber: '171', street: '', city: '' };
const found = { status: 'found', street: 'Oudegracht', city: 'Utrecht' } as const;

describe('postcode lookup: when to ask (spec 000 §9 "Postcode lookup is allowed for NL and BE")', () => {
  it('asks for NL with a valid postcode and house number, BE with a valid postcode, never for another country', () => {
    expect(lookupKey(empty)).toBe('NL 3511AJ 171');
    expect(lookupKey({ ...empty, postcode: '3511aj', houseNumber: '171 B' })).toBe('NL 3511AJ 171');
    expect(lookupKey({ ...empty, houseNumber: '' })).toBeNull();
    expect(lookupKey({ ...empty, postcode: '3511 A' })).toBeNull();
    expect(lookupKey({ ...empty, houseNumber: 'abc' })).toBeNull();
    expect(lookupKey({ country: 'BE', postcode: '2000', houseNumber: '' })).toBe('BE 2000');
    expect(lookupKey({ country: 'BE', postcode: '20000', houseNumber: '' })).toBeNull();
    expect(lookupKey({ country: 'DE', postcode: '10115', houseNumber: '1' })).toBeNull();
  });
});

describe('postcode lookup: never over what the shopper typed', () => {
  it('fills empty street and city', () => {
    expect(lookupFill(found, empty, {})).toEqual({ street: 'Oudegracht', city: 'Utrecht' });
  });

  it('keeps a street the shopper typed and fills only the empty city', () => {
    expect(lookupFill(found, { ...empty, street: 'Mijn Eigen Straat' }, {})).toEqual({ city: 'Utrecht' });
  });

  it('replaces what an earlier lookup filled, but not what the shopper changed it to', () => {
    const before = { street: 'Kerkstraat', city: 'Amsterdam' };
    expect(lookupFill(found, { ...empty, street: 'Kerkstraat', city: 'Amsterdam' }, before)).toEqual({
      street: 'Oudegracht',
      city: 'Utrecht',
    });
    expect(lookupFill(found, { ...empty, street: 'Kerkstraat 2', city: 'Amsterdam' }, before)).toEqual({
      city: 'Utrecht',
    });
  });

  it('a BE answer (no street) fills only the city', () => {
    expect(lookupFill({ status: 'found', street: null, city: 'Antwerpen' }, { ...empty, country: 'BE' }, {})).toEqual({
      city: 'Antwerpen',
    });
  });

  it('an unknown postcode empties only what a lookup filled; an unknown house number or offline changes nothing', () => {
    const before = { street: 'Kerkstraat', city: 'Amsterdam' };
    const current = { ...empty, street: 'Kerkstraat', city: 'Haarlem' };
    expect(lookupFill({ status: 'not-found', field: 'postcode' }, current, before)).toEqual({ street: '' });
    expect(lookupFill({ status: 'not-found', field: 'houseNumber' }, current, before)).toEqual({});
    expect(lookupFill({ status: 'unavailable' }, current, before)).toEqual({});
  });
});
