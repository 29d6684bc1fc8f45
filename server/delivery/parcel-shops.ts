import type { ParcelShop, PlaceAddress } from '../../contract/delivery.ts';
import type { ParcelCarrier } from '../../domain/checkout/delivery.ts';
import type { Queryable } from '../db/index.ts';
import { distanceMetres, postcodeCoordinates } from './postcode-coordinates.ts';

/** Points farther than this from the postcode's area are not offered: an area without any is "No service points found". */
export const PARCEL_SHOP_RADIUS_M = 15_000;
/** The picker lists the nearest ones only. */
export const PARCEL_SHOP_LIMIT = 10;

interface ParcelShopRow extends PlaceAddress {
  shop_code: string;
  carrier: ParcelCarrier;
  name: string;
  lat: number;
  lng: number;
  opening_hours: ParcelShop['opening_hours'];
}

const COLUMNS = 'shop_code, carrier, name, street, house_number, postcode, city, country_id, lat, lng, opening_hours';

function toParcelShop(row: ParcelShopRow, distance: number): ParcelShop {
  return {
    id: row.shop_code,
    carrier: row.carrier,
    name: row.name,
    address: {
      street: row.street,
      house_number: row.house_number,
      postcode: row.postcode,
      city: row.city,
      country_id: row.country_id.trim(),
    },
    distance,
    opening_hours: row.opening_hours,
  };
}

/**
 * The carrier's parcel shops near a postcode, nearest first (spec 001 §7): within PARCEL_SHOP_RADIUS_M of the
 * postcode's approximate position, at most PARCEL_SHOP_LIMIT. The postcode is valid for the country (the route checks
 * it); an area the shop knows no position for, or without points nearby, answers an empty list.
 */
export async function parcelShopsNear(
  db: Queryable,
  carrier: ParcelCarrier,
  country: 'NL' | 'BE',
  postcode: string,
): Promise<ParcelShop[]> {
  const origin = postcodeCoordinates(country, postcode);
  if (!origin) return [];
  // A box around the origin lets the index and the planner skip the rest of the country; the circle is cut below.
  const dLat = PARCEL_SHOP_RADIUS_M / 111_000;
  const dLng = dLat / Math.cos((origin[0] * Math.PI) / 180);
  const { rows } = await db.query<ParcelShopRow>(
    `select ${COLUMNS} from parcel_shops
      where carrier = $1 and country_id = $2 and lat between $3 and $4 and lng between $5 and $6`,
    [carrier, country, origin[0] - dLat, origin[0] + dLat, origin[1] - dLng, origin[1] + dLng],
  );
  return rows
    .map((row) => toParcelShop(row, distanceMetres(origin, [row.lat, row.lng])))
    .filter((shop) => shop.distance <= PARCEL_SHOP_RADIUS_M)
    .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))
    .slice(0, PARCEL_SHOP_LIMIT);
}

/** One parcel shop of the carrier in the country by its id (shop code), without a distance; null when none. */
export async function findParcelShop(
  db: Queryable,
  carrier: ParcelCarrier,
  country: string,
  id: string,
): Promise<Omit<ParcelShop, 'distance'> | null> {
  const { rows } = await db.query<ParcelShopRow>(
    `select ${COLUMNS} from parcel_shops where shop_code = $1 and carrier = $2 and country_id = $3`,
    [id, carrier, country],
  );
  if (!rows[0]) return null;
  const { distance: _distance, ...shop } = toParcelShop(rows[0], 0);
  return shop;
}
