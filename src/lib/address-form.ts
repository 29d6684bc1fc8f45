import type { Address } from '../../worker/api-types.ts';
import {
  FIELD_MAX_LENGTHS as MAX,
  isRequired,
  isValidHouseNumber,
  isValidName,
  isValidPostcode,
  maxLength,
  normalizePostcode,
} from '../../domain/validation/index.ts';
import { t } from './i18n/index.ts';

/** Field → message key (spec 001 §5 texts, translated by the catalogue). */
export type Errors = Record<string, string>;

/**
 * The address form of the account's address book and the checkout (spec 001 §3 "Customer address (backend form)",
 * §5 the postcode and house number rules): fields, conversion to and from the stored address, validation.
 */

/** Spec 001 §3 "Customer address (backend form)": the form's fields. */
export interface AddressForm {
  firstname: string;
  /** The tussenvoegsel ("van der"), optional. */
  middlename: string;
  lastname: string;
  streetAddress: string;
  apartmentNumber: string;
  affix: string;
  city: string;
  zipCode: string;
  country: string;
  /** A business address: company name (required then) and btw-nummer (optional) are asked and kept. */
  business: boolean;
  company: string;
  vatId: string;
  /** DELIVERY (default) or BILLING. */
  address_type?: AddressType;
  default_shipping?: boolean;
  default_billing?: boolean;
}

export type AddressType = 'DELIVERY' | 'BILLING';

/**
 * street[1] holds "number affix"; the affix is what follows the first space. A new address starts in the store
 * view's country (spec 000 §1: NL for the NL storefront, BE for the BE one).
 */
export function addressToForm(
  a: Address | null,
  fallback: { firstname: string; lastname: string; middlename?: string | null },
  defaultCountry: string = 'NL',
): AddressForm {
  const [number = '', ...rest] = (a?.street[1] ?? '').trim().split(/\s+/);
  return {
    firstname: a?.firstname ?? fallback.firstname,
    middlename: (a ? a.middlename : fallback.middlename) ?? '',
    lastname: a?.lastname ?? fallback.lastname,
    streetAddress: a?.street[0] ?? '',
    apartmentNumber: number,
    affix: rest.join(' '),
    city: a?.city ?? '',
    zipCode: a?.postcode ?? '',
    country: a?.country_id ?? defaultCountry,
    business: Boolean(a?.company),
    company: a?.company ?? '',
    vatId: a?.vat_id ?? '',
    address_type: a?.address_type ?? 'DELIVERY',
    default_shipping: a?.default_shipping ?? false,
    default_billing: a?.default_billing ?? false,
  };
}

/** The form as submitted: checkboxes are present only when ticked. */
export function readAddressForm(data: FormData): AddressForm {
  const text = (k: string) => String(data.get(k) ?? '');
  return {
    firstname: text('firstname'),
    middlename: text('middlename'),
    lastname: text('lastname'),
    streetAddress: text('streetAddress'),
    apartmentNumber: text('apartmentNumber'),
    affix: text('affix'),
    city: text('city'),
    zipCode: text('zipCode'),
    country: text('country') || 'NL',
    business: data.has('business'),
    company: text('company'),
    vatId: text('vatId'),
    address_type: text('address_type') === 'BILLING' ? 'BILLING' : 'DELIVERY',
    default_shipping: data.has('default_shipping'),
    default_billing: data.has('default_billing'),
  };
}

/**
 * The affix is appended with a space only when present (spec 001 §3). is_default is '1' when the address is the
 * default shipping or billing address (the server keeps one of each). A private address keeps no company or btw-nummer,
 * also when they were typed before the shopper switched "Zakelijk adres" off.
 */
export function formToAddress(f: AddressForm, id?: number): Address {
  const affix = f.affix.trim();
  const number = f.apartmentNumber.trim();
  return {
    ...(id === undefined ? {} : { id }),
    firstname: f.firstname.trim(),
    middlename: f.middlename.trim() || null,
    lastname: f.lastname.trim(),
    company: (f.business && f.company.trim()) || null,
    vat_id: (f.business && f.vatId.replace(/\s+/g, '').toUpperCase()) || null,
    street: [f.streetAddress.trim(), affix ? `${number} ${affix}` : number],
    city: f.city.trim(),
    postcode: normalizePostcode(f.country, f.zipCode),
    country_id: f.country.toUpperCase(),
    is_default: f.default_shipping || f.default_billing ? '1' : '0',
    address_type: f.address_type ?? 'DELIVERY',
    default_shipping: f.default_shipping ?? false,
    default_billing: f.default_billing ?? false,
  };
}

/**
 * Spec 001 §5 "Maximum lengths": the field's own limit (FIELD_MAX_LENGTHS, the server holds the same), as the field
 * shows it ("Maximaal 40 tekens."; already translated, since its message takes the limit); null when it fits.
 */
export function tooLong(value: string, max: number): string | null {
  const rule = maxLength(max);
  const problem = rule(value.trim());
  return problem ? t(problem, rule.params) : null;
}

/** A first or last name as every form checks it: required, at least 2 letters, at most its length. */
export function nameProblem(value: string, field: 'firstname' | 'lastname'): string | null {
  return isRequired(value.trim()) ?? isValidName(value) ?? tooLong(value, MAX[field]);
}

export function validateAddress(f: AddressForm): Errors {
  const checks: Record<string, string | null> = {
    firstname: nameProblem(f.firstname, 'firstname'),
    middlename: tooLong(f.middlename, MAX.middlename),
    lastname: nameProblem(f.lastname, 'lastname'),
    company: f.business ? (isRequired(f.company.trim()) ?? tooLong(f.company, MAX.company)) : null,
    vatId: f.business ? tooLong(f.vatId.replace(/\s+/g, ''), MAX.vatId) : null,
    streetAddress: isRequired(f.streetAddress.trim()) ?? tooLong(f.streetAddress, MAX.street),
    apartmentNumber:
      isRequired(f.apartmentNumber.trim()) ??
      isValidHouseNumber([f.apartmentNumber.trim(), f.affix.trim()].filter(Boolean).join(' ')) ??
      tooLong(f.apartmentNumber, MAX.houseNumber),
    affix: tooLong(f.affix, MAX.addition),
    city: isRequired(f.city.trim()) ?? tooLong(f.city, MAX.city),
    zipCode: isRequired(f.zipCode.trim()) ?? isValidPostcode(f.country, f.zipCode) ?? tooLong(f.zipCode, MAX.postcode),
  };
  return Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => e[1] !== null));
}

/** The name on an address: "Jan van der Berg". */
export function addressName(a: { firstname: string; middlename?: string | null; lastname: string }): string {
  return [a.firstname, a.middlename, a.lastname].filter(Boolean).join(' ');
}

/** The business of an address, when it is one: "Kleermakerij B.V., btw NL123456789B01". */
export function addressBusiness(a: { company?: string | null; vat_id?: string | null }): string | null {
  if (!a.company && !a.vat_id) return null;
  return [a.company, a.vat_id ? `${t('VAT number')} ${a.vat_id}` : null].filter(Boolean).join(', ');
}

/** One line for lists and summaries: "Keizersgracht 1, 1015 CJ Amsterdam". */
export function addressLine(a: { street: string[] | string; postcode: string; city: string }): string {
  const street = (Array.isArray(a.street) ? a.street : [a.street]).filter(Boolean).join(' ');
  return `${street}, ${a.postcode} ${a.city}`;
}
