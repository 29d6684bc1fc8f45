import { WEEKDAYS } from '../../domain/stores/opening-hours.ts';
import type { Queryable } from '../db/index.ts';
import { insertRows, json } from './batch.ts';
import type { SeedProduct } from './products.ts';
import { seededFaker, slugify } from './random.ts';

/** Physical stores (store locator, store stock, in-store purchases). Addresses are plausible, not real shops. */
export const STORE_LOCATIONS = [
  {
    name: 'OFM Amsterdam Kalverstraat',
    street: 'Kalverstraat',
    house: '112',
    postcode: '1012 PK',
    city: 'Amsterdam',
    country: 'NL',
    lat: 52.3702,
    lng: 4.8916,
    phone: '020 123 4501',
  },
  {
    name: 'OFM Rotterdam Lijnbaan',
    street: 'Lijnbaan',
    house: '58',
    postcode: '3012 EN',
    city: 'Rotterdam',
    country: 'NL',
    lat: 51.92,
    lng: 4.4768,
    phone: '010 123 4502',
  },
  {
    name: 'OFM Utrecht Oudegracht',
    street: 'Oudegracht',
    house: '171',
    postcode: '3511 AJ',
    city: 'Utrecht',
    country: 'NL',
    lat: 52.0907,
    lng: 5.1214,
    phone: '030 123 4503',
  },
  {
    name: 'OFM Den Haag Spuistraat',
    street: 'Spuistraat',
    house: '24',
    postcode: '2511 BD',
    city: 'Den Haag',
    country: 'NL',
    lat: 52.0786,
    lng: 4.3104,
    phone: '070 123 4504',
  },
  {
    name: 'OFM Eindhoven Demer',
    street: 'Demer',
    house: '31',
    postcode: '5611 AP',
    city: 'Eindhoven',
    country: 'NL',
    lat: 51.4389,
    lng: 5.4776,
    phone: '040 123 4505',
  },
  {
    name: 'OFM Groningen Herestraat',
    street: 'Herestraat',
    house: '77',
    postcode: '9711 LD',
    city: 'Groningen',
    country: 'NL',
    lat: 53.2149,
    lng: 6.5676,
    phone: '050 123 4506',
  },
  {
    name: 'OFM Breda Ginnekenstraat',
    street: 'Ginnekenstraat',
    house: '19',
    postcode: '4811 JB',
    city: 'Breda',
    country: 'NL',
    lat: 51.5874,
    lng: 4.7768,
    phone: '076 123 4507',
  },
  {
    name: 'OFM Maastricht Grote Staat',
    street: 'Grote Staat',
    house: '42',
    postcode: '6211 CV',
    city: 'Maastricht',
    country: 'NL',
    lat: 50.8497,
    lng: 5.6911,
    phone: '043 123 4508',
  },
  {
    name: 'OFM Antwerpen Meir',
    street: 'Meir',
    house: '88',
    postcode: '2000',
    city: 'Antwerpen',
    country: 'BE',
    lat: 51.2182,
    lng: 4.4076,
    phone: '+32 3 123 45 09',
  },
  {
    name: 'OFM Gent Veldstraat',
    street: 'Veldstraat',
    house: '35',
    postcode: '9000',
    city: 'Gent',
    country: 'BE',
    lat: 51.0521,
    lng: 3.7226,
    phone: '+32 9 123 45 10',
  },
  {
    name: 'OFM Brussel Nieuwstraat',
    street: 'Nieuwstraat',
    house: '120',
    postcode: '1000',
    city: 'Brussel',
    country: 'BE',
    lat: 50.853,
    lng: 4.3561,
    phone: '+32 2 123 45 11',
  },
  {
    name: 'OFM Hasselt Hoogstraat',
    street: 'Hoogstraat',
    house: '14',
    postcode: '3500',
    city: 'Hasselt',
    country: 'BE',
    lat: 50.9307,
    lng: 5.3378,
    phone: '+32 11 12 34 12',
  },
] as const;

export const storeSlug = (name: string) => slugify(name);

/** Items with store stock at most: about 6 rows each (half of the 12 stores). */
const STORE_STOCK_MAX_ITEMS = 20_000;

function openingHours(index: number, city: string) {
  // Monday mornings closed in the smaller cities, late shopping on Thursday (NL) or Friday (BE), Sundays only in the
  // large cities: how Dutch and Belgian high streets actually open.
  const big = ['Amsterdam', 'Rotterdam', 'Utrecht', 'Den Haag', 'Antwerpen', 'Brussel'].includes(city);
  return WEEKDAYS.map((day, d) => {
    if (day === 'maandag') return { day, open: big ? '11:00' : '13:00', close: '18:00' };
    if (day === 'zondag')
      return big ? { day, open: '12:00', close: '17:00' } : { day, open: null, close: null, closed: true };
    if ((day === 'donderdag' && index < 8) || (day === 'vrijdag' && index >= 8))
      return { day, open: '10:00', close: '21:00' };
    if (day === 'zaterdag') return { day, open: '09:30', close: '17:30' };
    return { day, open: d === 1 ? '10:00' : '09:30', close: '18:00' };
  });
}

/** Inserts the stores and stock per store for a share of the sellable products; returns the store ids. */
export async function seedStores(q: Queryable, products: SeedProduct[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, s] of STORE_LOCATIONS.entries()) {
    const services = [
      'Gratis vermaken',
      'Click & collect',
      'Retourneren in de winkel',
      ...(i % 3 === 0 ? ['Maatwerk op afspraak'] : []),
    ];
    const { rows } = await q.query<{ id: number }>(
      `insert into store_locations (slug, name, street, house_number, postcode, city, country_id, phone, email, lat, lng,
         opening_hours, services) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::text[]) returning id`,
      [
        storeSlug(s.name),
        s.name,
        s.street,
        s.house,
        s.postcode,
        s.city,
        s.country,
        s.phone,
        `${slugify(s.city)}@ofm-shop.nl`,
        s.lat,
        s.lng,
        json(openingHours(i, s.city)),
        services,
      ],
    );
    ids.push(rows[0].id);
  }

  // Store stock for sellable items (configurable children and simples): each store carries about a third of them.
  // Capped so a 50 000-product benchmark seed does not write millions of store rows; the cap is above what the
  // default 2 000 products have, so every size in the shop has its store stock (the product page's stock panel).
  const f = seededFaker(20_260_004);
  const sellable = products.filter((p) => p.typeId === 'simple' && p.status === 1).slice(0, STORE_STOCK_MAX_ITEMS);
  const rows: unknown[][] = [];
  for (const p of sellable) {
    for (const storeId of ids) {
      if (f.number.int(2) !== 0) continue;
      rows.push([
        storeId,
        p.id,
        f.helpers.weightedArrayElement([
          { weight: 2, value: 0 },
          { weight: 3, value: f.number.int({ min: 1, max: 3 }) },
          { weight: 2, value: f.number.int({ min: 4, max: 12 }) },
        ]),
      ]);
    }
  }
  await insertRows(q, 'branch_stock', ['store_location_id', 'product_id', 'qty'], rows, { batch: 2000 });
  return ids;
}
