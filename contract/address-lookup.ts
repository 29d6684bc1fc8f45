import { Type, type Static } from 'typebox';
import { FIELD_MAX_LENGTHS } from './field-lengths.ts';
import { Nullable } from './schema-helpers.ts';

/**
 * The postcode lookup (spec 000 §9 "Postcode lookup is allowed for NL and BE"):
 * `GET /api/ext/address/lookup?country=NL&postcode=3511AB&houseNumber=171`. The country is NL or BE; the postcode
 * follows its country's rule (NL "1234 AB", space optional; BE four digits); the house number (required for NL,
 * ignored for BE) a number from 1 to 99999, an addition after it allowed ("123 B"). Each is checked by the server,
 * which names the field in a Dutch 400; lengths are bounded here so nothing longer reaches it.
 */
export const AddressLookupQuery = Type.Object({
  country: Type.String({ maxLength: 2 }),
  postcode: Type.String({ maxLength: FIELD_MAX_LENGTHS.postcode }),
  houseNumber: Type.Optional(Type.String({ maxLength: FIELD_MAX_LENGTHS.houseNumber + FIELD_MAX_LENGTHS.addition })),
});
export type AddressLookupQuery = Static<typeof AddressLookupQuery>;

/**
 * The answer's `result`: the street of the house number (NL) and the city. A BE postcode gives only its gemeente:
 * `street` is null there, since bpost has no per-house lookup.
 */
export const AddressLookupResult = Type.Object({
  street: Nullable(Type.String()),
  city: Type.String(),
});
export type AddressLookupResult = Static<typeof AddressLookupResult>;
