import { useEffect, useRef, useState } from 'react';
import type { AddressLookup } from '../../worker/api-types.ts';
import { compactPostcode, isValidHouseNumber, isValidPostcode } from '../../domain/validation/index.ts';
import type { MessageKey } from './i18n/index.ts';
import { shop } from './shop.ts';

/** What the lookup reads of an address form. */
export interface LookupFields {
  country: string;
  postcode: string;
  houseNumber: string;
  street: string;
  city: string;
}

export type LookupFill = Partial<Pick<LookupFields, 'street' | 'city'>>;

/** The lookup's fields of an address form: the account's and the checkout's name them alike (address-form.ts). */
export function lookupFieldsOf(form: {
  country: string;
  zipCode: string;
  apartmentNumber: string;
  streetAddress: string;
  city: string;
}): LookupFields {
  return {
    country: form.country,
    postcode: form.zipCode,
    houseNumber: form.apartmentNumber,
    street: form.streetAddress,
    city: form.city,
  };
}

/** How long the postcode and house number must stay unchanged before the server is asked. */
export const LOOKUP_DEBOUNCE_MS = 400;

/**
 * What to ask for, or null when the form is not ready for a lookup: NL needs a valid postcode and house number, BE a
 * valid postcode (its lookup gives only the gemeente); other countries have none (spec 000 §9).
 */
export function lookupKey(f: Pick<LookupFields, 'country' | 'postcode' | 'houseNumber'>): string | null {
  const country = f.country.trim().toUpperCase();
  if (country !== 'NL' && country !== 'BE') return null;
  if (isValidPostcode(country, f.postcode)) return null;
  const postcode = compactPostcode(f.postcode);
  if (country === 'BE') return `BE ${postcode}`;
  const house = f.houseNumber.trim();
  if (!house || isValidHouseNumber(house)) return null;
  return `NL ${postcode} ${Number.parseInt(house, 10)}`;
}

/**
 * The fields a lookup's answer changes: a field is filled when it is empty or still holds what an earlier lookup put
 * there — never over what the shopper typed. An unknown postcode empties what an earlier lookup filled (it belonged to
 * another postcode); an unknown house number (the postcode is known) and `unavailable` (offline, a failure) change
 * nothing.
 */
export function lookupFill(answer: AddressLookup, current: LookupFields, filledBefore: LookupFill): LookupFill {
  const ours = (field: 'street' | 'city') => {
    const now = current[field].trim();
    return now === '' || now === filledBefore[field];
  };
  const patch: LookupFill = {};
  for (const field of ['street', 'city'] as const) {
    if (answer.status === 'found') {
      const value = answer[field];
      if (value !== null && ours(field) && current[field] !== value) patch[field] = value;
    } else if (
      answer.status === 'not-found' &&
      answer.field === 'postcode' &&
      filledBefore[field] &&
      current[field].trim() === filledBefore[field]
    ) {
      patch[field] = '';
    }
  }
  return patch;
}

function statusOf(answer: AddressLookup): MessageKey {
  if (answer.status === 'found')
    return answer.street === null ? 'City found; fill in the street yourself' : 'Address found';
  if (answer.status === 'not-found') {
    return answer.field === 'houseNumber'
      ? 'House number not found at this postcode; fill in street and city yourself'
      : 'Postcode not found; fill in street and city yourself';
  }
  return 'The address cannot be looked up now; fill in street and city yourself';
}

/**
 * The postcode lookup of an address form (spec 000 §9 "Postcode lookup is allowed for NL and BE"; docs/checkout-and-
 * orders.md "Postcode lookup"): once the postcode (and for NL the house number) is valid and has stayed so for
 * LOOKUP_DEBOUNCE_MS, asks the worker (a direct read of the server, never queued) and hands `fill` the street and city
 * to set (see `lookupFill`). An answer for a postcode or number changed meanwhile is dropped. Returns the status to
 * show (a message key) or null; the form never waits for it, so offline the shopper simply types street and city.
 */
export function useAddressLookup(fields: LookupFields, fill: (patch: LookupFill) => void): MessageKey | null {
  const [status, setStatus] = useState<MessageKey | null>(null);
  const latest = useRef({ fields, fill });
  latest.current = { fields, fill };
  const filled = useRef<LookupFill>({});
  const key = lookupKey(fields);

  useEffect(() => {
    if (key === null) {
      setStatus(null);
      return;
    }
    let current = true;
    const { country, postcode, houseNumber } = latest.current.fields;
    const timer = setTimeout(() => {
      if (!current) return;
      setStatus('Looking up the address…');
      shop()
        .lookupAddress(country, postcode, country.trim().toUpperCase() === 'NL' ? houseNumber : '')
        .catch((): AddressLookup => ({ status: 'unavailable' }))
        .then((answer) => {
          if (!current) return; // the postcode or number changed while the server answered
          const patch = lookupFill(answer, latest.current.fields, filled.current);
          if (answer.status === 'found') {
            // what the lookup now holds in each field: filled now, or already equal to its answer
            const now = latest.current.fields;
            const holds = (field: 'street' | 'city') =>
              answer[field] !== null && (patch[field] !== undefined || now[field] === answer[field])
                ? (answer[field] ?? undefined)
                : filled.current[field];
            filled.current = { street: holds('street'), city: holds('city') };
          } else if (answer.status === 'not-found' && answer.field === 'postcode') {
            filled.current = {};
          }
          if (Object.keys(patch).length) latest.current.fill(patch);
          setStatus(statusOf(answer));
        });
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);

  return status;
}
