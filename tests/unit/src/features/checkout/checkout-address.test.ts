import { describe, expect, it } from 'vitest';
import * as checkoutAddress from '../../../../../src/features/checkout/checkout-address.ts';
import { amsterdamAddress } from './checkout-fixtures.ts';

describe('the checkout address (spec 001 §3 address fields, §5 postcode, house number and phone rules)', () => {
  it('a complete Dutch address passes without names (they come from the personal details) and without a phone', () => {
    expect(checkoutAddress.validateCheckoutAddress(amsterdamAddress)).toEqual({});
  });

  it("names the fields that break the country's rules with the spec's texts", () => {
    expect(
      checkoutAddress.validateCheckoutAddress({
        ...amsterdamAddress,
        zipCode: '1015 CJ',
        country: 'BE',
        apartmentNumber: '',
        telephone: '123',
      }),
    ).toEqual({
      zipCode: 'Please provide a valid postcode and house number.',
      apartmentNumber: 'Field is required',
      telephone: 'Please provide a valid mobile number: 10 to 16 digits, starting with 0 or +31.',
    });
    expect(
      checkoutAddress.validateCheckoutAddress({
        ...amsterdamAddress,
        zipCode: '2000',
        country: 'BE',
        telephone: '+32 470 12 34 56',
      }),
    ).toEqual({});
  });

  it('becomes the order address with the normalised postcode, the addition after the number, and back', () => {
    const order = checkoutAddress.formToOrderAddress(
      { ...amsterdamAddress, telephone: '06 1234 5678' },
      { firstname: 'Jan', lastname: 'Jansen' },
    );
    expect(order).toEqual({
      firstname: 'Jan',
      lastname: 'Jansen',
      street: ['Keizersgracht', '12 A'],
      city: 'Amsterdam',
      postcode: '1015 CJ',
      country_id: 'NL',
      telephone: '06 1234 5678',
    });
    expect(checkoutAddress.orderAddressToForm(order)).toMatchObject({
      streetAddress: 'Keizersgracht',
      apartmentNumber: '12',
      affix: 'A',
      zipCode: '1015 CJ',
      country: 'NL',
      telephone: '06 1234 5678',
    });
  });

  it('asks for a valid e-mail address and names in the personal details', () => {
    expect(
      checkoutAddress.validatePersonal({ email: 'jan@example.nl', firstname: 'Jan', lastname: 'de Vries' }),
    ).toEqual({});
    expect(checkoutAddress.validatePersonal({ email: 'jan@', firstname: '', lastname: 'J' })).toEqual({
      email: 'Please provide a valid e-mail address.',
      firstname: 'Field is required',
      lastname: 'Name must have at least 2 letters.',
    });
    // spec 001 §5 maximum lengths: the 120-letter first name the order once accepted
    expect(
      checkoutAddress.validatePersonal({ email: 'jan@example.nl', firstname: 'J'.repeat(120), lastname: 'de Vries' }),
    ).toEqual({ firstname: 'Maximaal 40 tekens.' });
  });
});
