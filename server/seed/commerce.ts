import type { Queryable } from '../db/index.ts';
import { buildAttributes } from './attributes.ts';
import { insertRows, json } from './batch.ts';
import type { SeedCategory } from './categories.ts';
import { DEMO_CUSTOMER } from './demo-customer.ts';
import { DAY } from './pricing.ts';
import { seededFaker } from './random.ts';

/**
 * Coupon codes the seed creates (README and tests use them):
 * WELKOM10 10 %, ZOMER20 20 % from € 100, TIENEURO € 10 off from € 50, SCHOENEN15 15 % on shoes only,
 * NIEUWSBRIEF5 € 5 (newsletter), VIPDAG 15 % (a discount code), WINTER2024 expired, VOORJAAR25 not yet valid,
 * OUDEACTIE inactive, and two personal coupons of the demo customer: DAAN-VERJAARDAG (15 %) and OFMCLUB-5EURO (€ 5).
 */
export const COUPON_CODES = {
  welcome: 'WELKOM10',
  summer: 'ZOMER20',
  fixed: 'TIENEURO',
  shoes: 'SCHOENEN15',
  newsletter: 'NIEUWSBRIEF5',
  discount: 'VIPDAG',
  expired: 'WINTER2024',
  future: 'VOORJAAR25',
  inactive: 'OUDEACTIE',
  personal: 'DAAN-VERJAARDAG',
  loyalty: 'OFMCLUB-5EURO',
} as const;

export async function seedCommerce(
  q: Queryable,
  categories: SeedCategory[],
  demoCustomerId: number,
  now: Date,
): Promise<void> {
  const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString();
  const shoes = categories.filter((c) => c.key === 'schoenen' || c.key.startsWith('schoenen/')).map((c) => c.id);

  await insertRows(
    q,
    'coupons',
    [
      'code',
      'kind',
      'description',
      'discount_type',
      'discount_value',
      'min_subtotal_cents',
      'category_ids:int[]',
      'valid_from:timestamptz',
      'valid_to:timestamptz',
      'is_active',
      'customer_id',
    ],
    [
      [
        COUPON_CODES.welcome,
        'coupon',
        '10% welkomstkorting op je eerste bestelling',
        'percent',
        10,
        0,
        null,
        day(-365),
        null,
        true,
        null,
      ],
      [
        COUPON_CODES.summer,
        'coupon',
        '20% zomerkorting vanaf € 100',
        'percent',
        20,
        10000,
        null,
        day(-30),
        day(60),
        true,
        null,
      ],
      [
        COUPON_CODES.fixed,
        'coupon',
        '€ 10 korting vanaf € 50',
        'fixed',
        1000,
        5000,
        null,
        day(-10),
        day(90),
        true,
        null,
      ],
      [COUPON_CODES.shoes, 'coupon', '15% korting op schoenen', 'percent', 15, 0, shoes, day(-7), day(30), true, null],
      [
        COUPON_CODES.newsletter,
        'newsletter',
        '€ 5 korting voor nieuwsbriefabonnees',
        'fixed',
        500,
        2500,
        null,
        day(-100),
        null,
        true,
        null,
      ],
      [COUPON_CODES.discount, 'discount', '15% VIP-dagkorting', 'percent', 15, 0, null, day(-2), day(5), true, null],
      [
        COUPON_CODES.expired,
        'coupon',
        '15% winterkorting (verlopen)',
        'percent',
        15,
        0,
        null,
        day(-700),
        day(-300),
        true,
        null,
      ],
      [
        COUPON_CODES.future,
        'coupon',
        '25% voorjaarskorting (binnenkort geldig)',
        'percent',
        25,
        0,
        null,
        day(60),
        day(120),
        true,
        null,
      ],
      [COUPON_CODES.inactive, 'coupon', 'Oude actie (uitgeschakeld)', 'percent', 30, 0, null, null, null, false, null],
      [
        COUPON_CODES.personal,
        'loyalty',
        'Verjaardagskorting 15%',
        'percent',
        15,
        0,
        null,
        day(-5),
        day(25),
        true,
        demoCustomerId,
      ],
      [
        COUPON_CODES.loyalty,
        'loyalty',
        '€ 5 OFM Club-tegoed (500 punten)',
        'fixed',
        500,
        0,
        null,
        day(-40),
        day(325),
        true,
        demoCustomerId,
      ],
    ],
  );

  await insertRows(
    q,
    'shipping_methods',
    [
      'carrier_code',
      'method_code',
      'method_title',
      'carrier_title',
      'price_cents',
      'free_from_cents',
      'countries:text[]',
      'is_active',
      'position',
    ],
    [
      ['dhl', 'home', 'Thuisbezorgd (1-3 werkdagen)', 'DHL', 495, 5000, ['NL'], true, 1],
      ['dhl', 'home_be', 'Thuisbezorgd (1-3 werkdagen)', 'DHL', 695, 7500, ['BE'], true, 1],
      ['dhl', 'servicepoint', 'Afhalen bij een DHL ServicePoint', 'DHL', 395, 5000, ['NL'], true, 2],
      ['dhl', 'servicepoint_be', 'Afhalen bij een DHL ServicePoint', 'DHL', 495, 7500, ['BE'], true, 2],
      ['budbee', 'box', 'Budbee-box', 'Budbee', 395, 5000, ['NL', 'BE'], true, 3],
      ['storepickup', 'storepickup', 'Gratis afhalen in de winkel', 'OFM winkel', 0, null, ['NL', 'BE'], true, 4],
    ],
  );

  await insertRows(
    q,
    'payment_methods',
    ['code', 'title', 'cost_cents', 'countries:text[]', 'is_active', 'position'],
    [
      ['ideal', 'iDEAL', 0, ['NL'], true, 1],
      ['bancontact', 'Bancontact', 0, ['BE'], true, 1],
      ['creditcard', 'Creditcard (Visa, Mastercard)', 0, ['NL', 'BE'], true, 2],
      ['riverty', 'Achteraf betalen met Riverty', 0, ['NL', 'BE'], true, 3],
      ['giftcard', 'Cadeaukaart', 0, ['NL', 'BE'], true, 4],
      ['flying_blue_payment', 'Betalen met Flying Blue Miles', 0, ['NL', 'BE'], true, 5],
    ],
  );

  // Donations (spec 001 §3 "Donation: payment methods list"): no after-pay, gift card or miles for a gift.
  await insertRows(
    q,
    'donation_payment_methods',
    ['code', 'title', 'is_active', 'position'],
    [
      ['ideal', 'iDEAL', true, 1],
      ['bancontact', 'Bancontact', true, 2],
      ['creditcard', 'Creditcard (Visa, Mastercard)', true, 3],
    ],
  );

  const cat = (key: string) => categories.find((c) => c.key === key)?.id;
  const attributes = buildAttributes();
  const colour = (label: string) => attributes.valueOf('color', label);
  await insertRows(
    q,
    'landing_pages',
    ['url_path', 'page_heading', 'query:jsonb', 'content:jsonb', 'published'],
    [
      [
        'l/elevate/nieuw-binnen',
        'Nieuw binnen',
        json({ sort: 'created_at:desc' }),
        json([{ key: 'intro', description: 'De nieuwste items van deze week.' }]),
        true,
      ],
      [
        'l/elevate/zakelijke-look',
        'De zakelijke look',
        json({ category_ids: [cat('overhemden/zakelijk'), cat('pakken')].filter(Boolean) }),
        json([{ key: 'intro', description: 'Alles voor op kantoor.' }]),
        true,
      ],
      [
        'l/elevate/blauwe-overhemden',
        'Blauwe overhemden',
        json({ category_ids: [cat('overhemden')], filters: { color: [colour('Lichtblauw'), colour('Blauw')] } }),
        json([]),
        true,
      ],
      ['l/elevate/linnen', 'Linnen voor de zomer', json({ text: 'linnen' }), json([]), true],
      ['l/elevate/black-friday', 'Black Friday', json({ category_ids: [cat('sale')] }), json([]), false],
    ],
  );

  await seedParcelShops(q);

  await q.query(`insert into engagement_contacts (contact_id, custom_key, attributes) values ($1, $2, $3::jsonb)`, [
    'ctc_7f3a9c2e51d04b8a',
    DEMO_CUSTOMER.externalId,
    json({
      favstore: 'ofm-amsterdam-kalverstraat',
      favbrand: 'Nordic Tailor',
      firstname: DEMO_CUSTOMER.firstname,
      newsletter: true,
    }),
  ]);
}

// Postcode areas with a centre, so parcel shops cluster where shoppers look for them.
const AREAS = [
  { city: 'Amsterdam', country: 'NL', pc: ['1012', '1015', '1054', '1071', '1091'], lat: 52.37, lng: 4.89 },
  { city: 'Rotterdam', country: 'NL', pc: ['3011', '3012', '3021', '3061'], lat: 51.92, lng: 4.48 },
  { city: 'Utrecht', country: 'NL', pc: ['3511', '3512', '3521', '3581'], lat: 52.09, lng: 5.12 },
  { city: 'Den Haag', country: 'NL', pc: ['2511', '2514', '2517', '2583'], lat: 52.08, lng: 4.31 },
  { city: 'Eindhoven', country: 'NL', pc: ['5611', '5612', '5623'], lat: 51.44, lng: 5.48 },
  { city: 'Groningen', country: 'NL', pc: ['9711', '9712', '9725'], lat: 53.22, lng: 6.57 },
  { city: 'Antwerpen', country: 'BE', pc: ['2000', '2018', '2060'], lat: 51.22, lng: 4.4 },
  { city: 'Gent', country: 'BE', pc: ['9000', '9050'], lat: 51.05, lng: 3.72 },
  { city: 'Brussel', country: 'BE', pc: ['1000', '1050', '1060'], lat: 50.85, lng: 4.35 },
];

async function seedParcelShops(q: Queryable): Promise<void> {
  const f = seededFaker(20_260_005);
  const hosts = [
    'Primera',
    'Albert Heijn',
    'Bruna',
    'Jumbo',
    'Shell',
    'Tabakszaak De Hoek',
    'Boekhandel Het Plein',
    'Delhaize',
    'Carrefour Express',
  ];
  const rows: unknown[][] = [];
  let n = 0;
  for (const area of AREAS) {
    for (const pc of area.pc) {
      for (const carrier of ['dhl', 'budbee'] as const) {
        n++;
        const host = f.helpers.arrayElement(hosts);
        const postcode =
          area.country === 'NL'
            ? `${pc} ${f.string.alpha({ length: 2, casing: 'upper', exclude: ['F', 'I', 'O', 'Q', 'U', 'Y'] })}`
            : pc;
        rows.push([
          carrier,
          `${carrier.toUpperCase()}-${area.country}-${String(n).padStart(4, '0')}`,
          carrier === 'dhl' ? `DHL ServicePoint ${host}` : `Budbee-box ${host}`,
          f.location.street(),
          String(f.number.int({ min: 1, max: 220 })),
          postcode,
          area.city,
          area.country,
          Number((area.lat + f.number.float({ min: -0.03, max: 0.03 })).toFixed(5)),
          Number((area.lng + f.number.float({ min: -0.04, max: 0.04 })).toFixed(5)),
          json(
            carrier === 'budbee'
              ? [{ days: 'maandag t/m zondag', open: '00:00', close: '23:59' }]
              : [
                  { days: 'maandag t/m vrijdag', open: '08:00', close: '20:00' },
                  { days: 'zaterdag', open: '09:00', close: '18:00' },
                ],
          ),
        ]);
      }
    }
  }
  await insertRows(
    q,
    'parcel_shops',
    [
      'carrier',
      'shop_code',
      'name',
      'street',
      'house_number',
      'postcode',
      'city',
      'country_id',
      'lat',
      'lng',
      'opening_hours:jsonb',
    ],
    rows,
  );
}
