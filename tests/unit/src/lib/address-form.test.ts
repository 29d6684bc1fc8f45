import { describe, expect, it } from 'vitest';
import {
  addressToForm,
  formToAddress,
  readAddressForm,
  validateAddress,
  type AddressForm,
} from '../../../../src/lib/address-form.ts';

const form: AddressForm = {
  firstname: 'Daan',
  middlename: '',
  lastname: 'Vries',
  streetAddress: 'Kalverstraat',
  apartmentNumber: '12',
  affix: '',
  city: 'Amsterdam',
  zipCode: '1012ab',
  country: 'NL',
  business: false,
  company: '',
  vatId: '',
};

describe('customer address form (spec 001 §3 "Customer address (backend form)")', () => {
  it('street is two lines: street, then house number plus the affix separated by a space only when present', () => {
    expect(formToAddress(form).street).toEqual(['Kalverstraat', '12']);
    expect(formToAddress({ ...form, affix: 'A' }, 7)).toMatchObject({
      id: 7,
      street: ['Kalverstraat', '12 A'],
      postcode: '1012 AB',
      country_id: 'NL',
    });
  });

  it('an address read back splits the house number and the affix', () => {
    const back = addressToForm(formToAddress({ ...form, affix: 'bis' }), { firstname: '', lastname: '' });
    expect(back).toMatchObject({
      streetAddress: 'Kalverstraat',
      apartmentNumber: '12',
      affix: 'bis',
      zipCode: '1012 AB',
    });
  });

  it('validation uses the spec 001 §5 texts (required, postcode and house number)', () => {
    expect(validateAddress(form)).toEqual({});
    expect(validateAddress({ ...form, streetAddress: ' ', zipCode: '0123 AB', apartmentNumber: 'x' })).toEqual({
      streetAddress: 'Field is required',
      zipCode: 'Please provide a valid postcode and house number.',
      apartmentNumber: 'Please provide a valid postcode and house number.',
    });
    expect(validateAddress({ ...form, country: 'BE', zipCode: '1000' })).toEqual({});
  });

  it('is_default is a string, "0" by default; address_type DELIVERY by default (spec 001 §3, §9)', () => {
    expect(formToAddress(form)).toMatchObject({
      is_default: '0',
      address_type: 'DELIVERY',
      default_shipping: false,
      default_billing: false,
    });
    expect(formToAddress({ ...form, address_type: 'BILLING', default_billing: true })).toMatchObject({
      is_default: '1',
      address_type: 'BILLING',
      default_billing: true,
      default_shipping: false,
    });
  });

  it('the submitted form reads ticked checkboxes as defaults and keeps the address type', () => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ ...form, address_type: 'BILLING', default_shipping: 'on' }))
      data.set(k, String(v));
    expect(readAddressForm(data)).toMatchObject({
      address_type: 'BILLING',
      default_shipping: true,
      default_billing: false,
      zipCode: '1012ab',
    });
    const back = addressToForm(formToAddress(readAddressForm(data)), { firstname: '', lastname: '' });
    expect(back).toMatchObject({ address_type: 'BILLING', default_shipping: true, default_billing: false });
  });

  it('spec 001 §5 maximum lengths: each field at its limit passes, one letter more shows "Maximaal … tekens."', () => {
    const atLimit = {
      ...form,
      firstname: 'é'.repeat(40),
      lastname: 'x'.repeat(40),
      streetAddress: 's'.repeat(40),
      affix: 'bus 3',
      city: 'c'.repeat(30),
    };
    expect(validateAddress(atLimit)).toEqual({});
    expect(
      validateAddress({
        ...atLimit,
        firstname: 'A'.repeat(120),
        lastname: 'x'.repeat(41),
        streetAddress: 's'.repeat(41),
        affix: 'a'.repeat(11),
        city: 'c'.repeat(31),
      }),
    ).toEqual({
      firstname: 'Maximaal 40 tekens.',
      lastname: 'Maximaal 40 tekens.',
      streetAddress: 'Maximaal 40 tekens.',
      affix: 'Maximaal 10 tekens.',
      // an addition that long is no house number either
      apartmentNumber: 'Please provide a valid postcode and house number.',
      city: 'Maximaal 30 tekens.',
    });
  });

  it('spec 001 §3 labels: middle name, and company and tax id only for a business address, each within its length', () => {
    const business = {
      ...form,
      middlename: 'de',
      business: true,
      company: 'Vries Mode B.V.',
      vatId: 'nl 1234 56789 b01',
    };
    expect(validateAddress(business)).toEqual({});
    expect(formToAddress(business)).toMatchObject({
      middlename: 'de',
      company: 'Vries Mode B.V.',
      vat_id: 'NL123456789B01',
    });
    // switched back to private: what was typed is not kept
    expect(formToAddress({ ...business, business: false })).toMatchObject({ company: null, vat_id: null });
    expect(addressToForm(formToAddress(business), { firstname: '', lastname: '' })).toMatchObject({
      middlename: 'de',
      business: true,
      company: 'Vries Mode B.V.',
      vatId: 'NL123456789B01',
    });
    expect(
      validateAddress({ ...business, middlename: 'v'.repeat(21), company: 'c'.repeat(41), vatId: 'N'.repeat(21) }),
    ).toEqual({ middlename: 'Maximaal 20 tekens.', company: 'Maximaal 40 tekens.', vatId: 'Maximaal 20 tekens.' });
    expect(validateAddress({ ...business, company: ' ' })).toEqual({ company: 'Field is required' });
  });
});
