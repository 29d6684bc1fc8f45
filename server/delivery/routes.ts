import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AddressLookupQuery } from '../../contract/address-lookup.ts';
import { StringEnum } from '../../contract/schema-helpers.ts';
import { compactPostcode } from '../../domain/validation/address.ts';
import { isValidHouseNumber, isValidPostcode, VALIDATION_TEXTS_NL } from '../../domain/validation/index.ts';
import { badRequest, HttpError, ok } from '../http/envelope.ts';
import { LOOKUP_NOT_FOUND, lookupAddress } from './address-lookup.ts';
import { parcelShopsNear } from './parcel-shops.ts';

const parcelShopParams = Type.Object({
  carrier: StringEnum(['dhl', 'budbee']),
  country: Type.String({ pattern: '^(NL|BE|nl|be)$' }),
  zipCode: Type.String({ minLength: 1, maxLength: 10 }),
});

/** Type guard: a country the parcel shops are looked up in (the params pattern admits only these, in either case). */
function isParcelCountry(country: string): country is 'NL' | 'BE' {
  return country === 'NL' || country === 'BE';
}

/**
 * Parcel shops by carrier, country and postcode (spec 001 §7 "GET budbee parcel shops by {country} and {zipCode}";
 * the DHL ServicePoint picker reads the same shape): `GET /api/ext/parcel-shops/{dhl|budbee}/{NL|BE}/{zipCode}`.
 * The postcode follows the country's rule of domain/validation/address.ts; a bad one is a 400 naming `params.zipCode`.
 */
const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/ext/parcel-shops/:carrier/:country/:zipCode',
    { schema: { params: parcelShopParams } },
    async (request, reply) => {
      const { carrier, zipCode } = request.params;
      const country = request.params.country.toUpperCase();
      if (!isParcelCountry(country)) throw badRequest('params.country must be NL or BE');
      const problem = isValidPostcode(country, zipCode);
      if (problem) throw badRequest(`params.zipCode: ${VALIDATION_TEXTS_NL[problem]}`);
      return ok(reply, await parcelShopsNear(app.db, carrier, country, zipCode));
    },
  );

  /**
   * The postcode lookup (spec 000 §9 "Postcode lookup is allowed for NL and BE"): NL postcode + house number → street
   * and city; BE postcode → its gemeente (street null). 400 naming the field for a country other than NL or BE, a
   * postcode that breaks its country's rule or a bad house number; 404 with a Dutch reason when nothing is known
   * and `meta.field` (postcode or houseNumber) saying which.
   */
  app.get('/ext/address/lookup', { schema: { querystring: AddressLookupQuery } }, async (request, reply) => {
    const country = request.query.country.trim().toUpperCase();
    if (!isParcelCountry(country)) throw badRequest('querystring.country: Kies Nederland (NL) of België (BE).');
    const postcode = request.query.postcode;
    const postcodeProblem = isValidPostcode(country, postcode);
    if (postcodeProblem) throw badRequest(`querystring.postcode: ${VALIDATION_TEXTS_NL[postcodeProblem]}`);
    const house = request.query.houseNumber?.trim() ?? '';
    if (country === 'NL' && !house) throw badRequest('querystring.houseNumber: Vul een huisnummer in.');
    const houseProblem = house ? isValidHouseNumber(house) : null;
    if (houseProblem) throw badRequest(`querystring.houseNumber: ${VALIDATION_TEXTS_NL[houseProblem]}`);
    const number = house ? Number.parseInt(house, 10) : null;
    const answer = await lookupAddress(app.db, country, compactPostcode(postcode), number);
    if (!answer.found) throw new HttpError(404, LOOKUP_NOT_FOUND[answer.reason], { field: answer.reason });
    return ok(reply, answer.result);
  });
};

export default deliveryRoutes;
