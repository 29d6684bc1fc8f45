import { describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../../../../src/features/checkout/address-fields.tsx';
import {
  detailsFromDraft,
  draftFromDetails,
  orderAddressOf,
  totalsKey,
  type CheckoutDraft,
} from '../../../../../src/features/checkout/checkout-draft.ts';
import type { Customer } from '../../../../../worker/api-types.ts';
import { EMPTY_CHECKOUT } from '../../../../../worker/orders/checkout.ts';
import { amsterdamAddress } from './checkout-fixtures.ts';

const store = { id: 7, name: 'OFM Amsterdam', city: 'Amsterdam', country_id: 'NL' };

const draft: CheckoutDraft = {
  ...draftFromDetails(EMPTY_CHECKOUT, null),
  email: 'sem@example.nl',
  firstname: 'Sem',
  lastname: 'de Vries',
  address: { ...amsterdamAddress, telephone: '0612345678' },
  shipping: { carrier_code: 'storepickup', method_code: 'storepickup', store },
  payment: 'ideal',
  termsAccepted: true,
};

const antwerpen: SavedAddress = {
  id: 3,
  firstname: 'Daan',
  lastname: 'de Vries',
  street: ['Meir', '12'],
  city: 'Antwerpen',
  postcode: '2000',
  country_id: 'BE',
};

describe('the checkout draft: one form for every step, kept on the device as the checkout details', () => {
  it('the typed address, with the chosen store and the phone, round-trips through the saved details', () => {
    const details = detailsFromDraft(draft, null);
    expect(details.shippingAddress).toMatchObject({
      firstname: 'Sem',
      street: ['Keizersgracht', '12 A'],
      postcode: '1015 CJ',
      country_id: 'NL',
      telephone: '0612345678',
    });
    expect(details.personal?.telephone).toBe('0612345678');
    expect(details.shippingMethod).toEqual({ carrier_code: 'storepickup', method_code: 'storepickup', store });
    const back = draftFromDetails(details, null);
    expect(back.address).toMatchObject({ streetAddress: 'Keizersgracht', apartmentNumber: '12', affix: 'A' });
    expect(back.shipping).toEqual(draft.shipping);
    expect(back.savedAddressId).toBe('new');
  });

  it("a member's chosen saved address is the order's address, and a member starts on the default one", () => {
    expect(orderAddressOf(draft, antwerpen)).toMatchObject({ city: 'Antwerpen', country_id: 'BE', postcode: '2000' });
    const me: Pick<Customer, 'email' | 'firstname' | 'lastname' | 'addresses'> = {
      email: 'demo@ofm-shop.nl',
      firstname: 'Daan',
      lastname: 'de Vries',
      addresses: [
        { ...antwerpen, id: 2 },
        { ...antwerpen, default_shipping: true },
      ],
    };
    expect(draftFromDetails(EMPTY_CHECKOUT, me).savedAddressId).toBe(3);
  });

  it("the totals' key changes with the country, postcode, method and payment, not with the point or store", () => {
    const key = (d: CheckoutDraft, saved: SavedAddress | null = null) =>
      totalsKey(orderAddressOf(d, saved), d, 'sku×1');
    expect(key({ ...draft, shipping: { ...draft.shipping!, store: { ...store, id: 8 } } })).toBe(key(draft));
    expect(key({ ...draft, shipping: { carrier_code: 'dhl', method_code: 'home' } })).not.toBe(key(draft));
    expect(key({ ...draft, payment: 'creditcard' })).not.toBe(key(draft));
    expect(key(draft, antwerpen)).not.toBe(key(draft));
  });
});
