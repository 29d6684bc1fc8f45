import { Type, type Static } from 'typebox';
import { PlaceAddress } from './delivery.ts';
import { Nullable } from './schema-helpers.ts';

/** One day of a store's week (spec 001 §3 store locator): a closed day has no times. */
export const StoreOpeningDay = Type.Object({
  day: Type.String(),
  open: Nullable(Type.String()),
  close: Nullable(Type.String()),
  closed: Type.Optional(Type.Boolean()),
});
export type StoreOpeningDay = Static<typeof StoreOpeningDay>;

/**
 * A physical store as `GET /api/stores` and `GET /api/stores/{slug}` answer it (spec 001 §2 store locator and store
 * page), its address the place address a parcel shop has too. `distance` (whole metres) is there only when the list
 * was searched by postcode or city.
 */
export const StoreLocation = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  ...PlaceAddress.properties,
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  lat: Type.Number(),
  lng: Type.Number(),
  opening_hours: Type.Array(StoreOpeningDay),
  services: Type.Array(Type.String()),
  distance: Type.Optional(Type.Integer()),
});
export type StoreLocation = Static<typeof StoreLocation>;

/**
 * A store's stock of one sku (`GET /api/stock/stores?sku=`, spec 000 §3 branches_stock): the store as the locator
 * names it, and its quantity, 0 where it has none.
 */
export const StoreStock = Type.Object({
  ...Type.Pick(StoreLocation, ['slug', 'name', 'city', 'country_id']).properties,
  qty: Type.Integer(),
});
export type StoreStock = Static<typeof StoreStock>;
