import type { OrderAddress } from '../../../contract/order.ts';
import type { Address } from '../../../worker/api-types.ts';
import {
  FIELD_MAX_LENGTHS,
  isRequired,
  isValidEmail,
  isValidMobile,
  VALIDATION_MESSAGES,
} from '../../../domain/validation/index.ts';
import {
  addressToForm,
  formToAddress,
  nameProblem,
  tooLong,
  validateAddress,
  type AddressForm,
  type Errors,
} from '../../lib/address-form.ts';

/** The checkout's delivery address form: the address book's fields plus the phone number the carrier may need. */
export type CheckoutAddressForm = AddressForm & { telephone: string };

export const emptyCheckoutAddress = (country?: string): CheckoutAddressForm => ({
  ...addressToForm(null, { firstname: '', lastname: '' }, country),
  telephone: '',
});

/** The saved order address back into the form (reload, offline: the checkout details live on the device). */
export function orderAddressToForm(a: OrderAddress | null, defaultCountry?: string): CheckoutAddressForm {
  if (!a) return emptyCheckoutAddress(defaultCountry);
  const street = Array.isArray(a.street) ? a.street : [a.street];
  const asAddress = { ...a, street } as unknown as Address;
  return { ...addressToForm(asAddress, a), telephone: a.telephone ?? '' };
}

/**
 * Spec 001 §5 with the domain's rules: street, house number (+ addition), postcode of the chosen country and city
 * required; the phone number, when given, a valid mobile number. The names come from the personal details.
 */
export function validateCheckoutAddress(f: CheckoutAddressForm): Errors {
  // the names, the middle name with them, are the personal step's
  const { firstname: _f, lastname: _l, middlename: _m, ...errors } = validateAddress(f);
  const phone = f.telephone.trim();
  const phoneProblem = phone ? (isValidMobile(phone) ?? tooLong(phone, FIELD_MAX_LENGTHS.telephone)) : null;
  return phoneProblem ? { ...errors, telephone: phoneProblem } : errors;
}

/** The personal details with the same rules as the account forms: a valid e-mail address and names. */
export function validatePersonal(p: {
  email: string;
  firstname: string;
  middlename?: string;
  lastname: string;
}): Errors {
  const checks: Record<string, string | null> = {
    email: isRequired(p.email) ?? isValidEmail(p.email),
    firstname: nameProblem(p.firstname, 'firstname'),
    middlename: tooLong(p.middlename ?? '', FIELD_MAX_LENGTHS.middlename),
    lastname: nameProblem(p.lastname, 'lastname'),
  };
  return Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => e[1] !== null));
}

/** What of an address is kept only when it has it: middle name, company, btw-nummer, phone. */
function optionalParts(a: Pick<Address, 'middlename' | 'company' | 'vat_id' | 'telephone'>) {
  const { middlename, company, vat_id, telephone } = a;
  return Object.fromEntries(Object.entries({ middlename, company, vat_id, telephone }).filter(([, v]) => v));
}

/** The order's shipping address from the form, with the shopper's names. */
export function formToOrderAddress(
  f: CheckoutAddressForm,
  names: { firstname: string; lastname: string },
): OrderAddress {
  const { street, city, postcode, country_id, middlename, company, vat_id } = formToAddress({ ...f, ...names });
  const telephone = f.telephone.trim();
  return { ...names, street, city, postcode, country_id, ...optionalParts({ middlename, company, vat_id, telephone }) };
}

/** A saved address of the account as the order's shipping address. */
export function savedToOrderAddress(a: Address): OrderAddress {
  const { firstname, lastname, street, city, postcode, country_id } = a;
  return { firstname, lastname, street, city, postcode, country_id, ...optionalParts(a) };
}

/** Spec 001 §5 "An address must be saved or selected before a shipping method." */
export const ADDRESS_FIRST = VALIDATION_MESSAGES.addressBeforeShippingMethod;
