import type { FastifyPluginAsync } from 'fastify';
import { isValidPostcode, VALIDATION_TEXTS_NL } from '../../domain/validation/index.ts';
import type { ParcelCarrier } from '../../domain/checkout/delivery.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { parcelShopsNear } from './parcel-shops.ts';

interface ParcelShopParams {
  carrier: ParcelCarrier;
  country: string;
  zipCode: string;
}

/**
 * Parcel shops by carrier, country and postcode (spec 001 §7 "GET budbee parcel shops by {country} and {zipCode}";
 * the DHL ServicePoint picker reads the same shape): `GET /api/ext/parcel-shops/{dhl|budbee}/{NL|BE}/{zipCode}`.
 * The postcode follows the country's rule of domain/validation/address.ts; a bad one is a 400 naming `params.zipCode`.
 */
const deliveryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: ParcelShopParams }>(
    '/ext/parcel-shops/:carrier/:country/:zipCode',
    {
      schema: {
        params: {
          type: 'object',
          required: ['carrier', 'country', 'zipCode'],
          properties: {
            carrier: { type: 'string', enum: ['dhl', 'budbee'] },
            country: { type: 'string', pattern: '^(NL|BE|nl|be)$' },
            zipCode: { type: 'string', minLength: 1, maxLength: 10 },
          },
        },
      },
    },
    async (request, reply) => {
      const { carrier, zipCode } = request.params;
      const country = request.params.country.toUpperCase() as 'NL' | 'BE';
      const problem = isValidPostcode(country, zipCode);
      if (problem) throw badRequest(`params.zipCode: ${VALIDATION_TEXTS_NL[problem]}`);
      return ok(reply, await parcelShopsNear(app.db, carrier, country, zipCode));
    },
  );
};

export default deliveryRoutes;
