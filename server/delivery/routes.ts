import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { StringEnum } from '../../contract/schema-helpers.ts';
import { isValidPostcode, VALIDATION_TEXTS_NL } from '../../domain/validation/index.ts';
import { badRequest, ok } from '../http/envelope.ts';
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
};

export default deliveryRoutes;
