import {
  emptyCheckoutAddress,
  type CheckoutAddressForm,
} from '../../../../../src/features/checkout/checkout-address.ts';

/** A Dutch address as a shopper types it in the checkout: postcode not yet normalised, the addition apart, no phone. */
export const amsterdamAddress: CheckoutAddressForm = {
  ...emptyCheckoutAddress(),
  streetAddress: 'Keizersgracht',
  apartmentNumber: '12',
  affix: 'A',
  zipCode: '1015cj',
  city: 'Amsterdam',
};
