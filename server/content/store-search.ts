import { isValidPostcode } from '../../domain/validation/index.ts';
import type { Queryable } from '../db/index.ts';
import { postcodeCoordinates, type LatLng } from '../delivery/postcode-coordinates.ts';

/**
 * Where a store-locator search points (spec 001 §1 "physical stores with a store locator"): a postcode through the
 * parcel shops' postcode → position table, else a place name. A Dutch postcode has its two letters ("3511 AB" or
 * "3511ab"); four digits alone are a Belgian postcode, as the shop has no way to tell "3511" in Utrecht from "3511"
 * in Hasselt — a Dutch shopper adds the letters. A place is one the shop knows a position of: a city with a store
 * or a parcel shop (their mean position). Anything else is null: no nearest store can be named.
 */
export async function searchOrigin(db: Queryable, query: string): Promise<LatLng | null> {
  const text = query.trim();
  if (isValidPostcode('NL', text) === null) return postcodeCoordinates('NL', text);
  if (isValidPostcode('BE', text) === null) return postcodeCoordinates('BE', text);
  const { rows } = await db.query<{ lat: number | null; lng: number | null }>(
    `select avg(lat)::float8 as lat, avg(lng)::float8 as lng
       from (select city, lat, lng from store_locations union all select city, lat, lng from parcel_shops) places
      where lower(city) = lower($1)`,
    [text],
  );
  const place = rows[0];
  return place && place.lat !== null && place.lng !== null ? [place.lat, place.lng] : null;
}
