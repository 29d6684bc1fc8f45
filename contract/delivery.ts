import { Type, type Static } from 'typebox';
import { StringEnum } from './schema-helpers.ts';

/**
 * Parcel shops (spec 001 §7 "GET budbee parcel shops by {country} and {zipCode}"; §1 "DHL service point, Budbee
 * box"): what `GET /api/ext/parcel-shops/{carrier}/{country}/{zipCode}` answers, nearest first. `id` is the carrier's
 * shop code, the value an order sends back as `addressInformation.shipping_point.id`.
 */
export const ParcelShopCarrier = StringEnum(['dhl', 'budbee'] as const);

export const OpeningHours = Type.Array(Type.Object({ days: Type.String(), open: Type.String(), close: Type.String() }));
export type OpeningHours = Static<typeof OpeningHours>;

/** Where a parcel shop or store is, as the shop's tables hold it. */
export const PlaceAddress = Type.Object({
  street: Type.String(),
  house_number: Type.String(),
  postcode: Type.String(),
  city: Type.String(),
  country_id: Type.String(),
});
export type PlaceAddress = Static<typeof PlaceAddress>;

export const ParcelShop = Type.Object({
  id: Type.String(),
  carrier: ParcelShopCarrier,
  name: Type.String(),
  address: PlaceAddress,
  /** Whole metres from the postcode's area (server/delivery/postcode-coordinates.ts). */
  distance: Type.Integer(),
  opening_hours: OpeningHours,
});
export type ParcelShop = Static<typeof ParcelShop>;

/**
 * The delivery an order stores and the order pages read: the method as it was titled when the order was placed and,
 * for a DHL ServicePoint or Budbee box, the chosen parcel shop; for store pickup the store (`GET /api/stores`).
 */
export interface OrderDelivery {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  point: Omit<ParcelShop, 'distance'> | null;
  store: (PlaceAddress & { id: number; slug: string; name: string }) | null;
}
