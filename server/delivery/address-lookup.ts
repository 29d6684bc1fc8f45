import type { AddressLookupResult } from '../../contract/address-lookup.ts';
import type { Queryable } from '../db/index.ts';

/** Why a lookup found nothing, as the shopper reads it (docs/api.md "Address lookup"). */
export const LOOKUP_NOT_FOUND = {
  postcode: 'Deze postcode is niet gevonden. Vul de straat en plaats zelf in.',
  houseNumber: 'Dit huisnummer is niet gevonden bij deze postcode. Vul de straat en plaats zelf in.',
} as const;

export type LookupAnswer =
  { found: true; result: AddressLookupResult } | { found: false; reason: keyof typeof LOOKUP_NOT_FOUND };

/**
 * The street and city of a checked NL postcode ("1234AB") and house number, or the gemeente of a BE postcode
 * (`postcode_addresses`, migration 090). An exact house number row wins over a range; a range holds one side of the
 * street (`parity`) or both.
 */
export async function lookupAddress(
  db: Queryable,
  country: 'NL' | 'BE',
  postcode: string,
  houseNumber: number | null,
): Promise<LookupAnswer> {
  const { rows } = await db.query<{ street: string | null; city: string; fits: boolean }>(
    `select street, city,
            house_from is null or ($3::int between house_from and house_to
              and (parity = 'all' or (parity = 'odd') = ($3::int % 2 = 1))) as fits
       from postcode_addresses
      where country_id = $1 and postcode = $2
      order by fits desc, house_to - house_from nulls last, id
      limit 1`,
    [country, postcode, houseNumber ?? 0],
  );
  const row = rows[0];
  if (!row) return { found: false, reason: 'postcode' };
  if (country === 'BE') return { found: true, result: { street: null, city: row.city } };
  if (!row.fits) return { found: false, reason: 'houseNumber' };
  return { found: true, result: { street: row.street, city: row.city } };
}
