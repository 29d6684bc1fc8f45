import type { Queryable } from '../db/index.ts';
import { insertRows } from './batch.ts';
import { compactPostcode } from '../../domain/validation/address.ts';

/**
 * The postcode table of the address lookup (spec 000 §9 "Postcode lookup is allowed for NL and BE";
 * docs/seeded-data.md "Postcodes"). Deterministic, no faker: the same rows on every seed.
 *
 * - Every address the seed wrote (stores, the demo customer's addresses, parcel shops) is read back from its table and
 *   gets its postcode: NL a row for its exact house number plus, for the first street seen at that postcode, the
 *   numbers 1–199 on both sides; BE its postcode with the city the seeded address has.
 * - NL: per PC2 region (10xx Amsterdam … 99xx Delfzijl) four PC4 areas (xx11, xx12, xx21, xx31), each with six
 *   postcodes (AA, AB, AC, BA, BB, BC): three streets, the odd side 1–199 under one postcode and the even side 2–200
 *   under the next, as Dutch postcodes split a street.
 * - BE: the common four-digit postcodes with their gemeente; no street (bpost has no per-house lookup).
 */

/** The main place of each NL PC2 region (the same regions as server/delivery/postcode-coordinates.ts). */
const NL_PC2_PLACES: Record<string, string> = {
  '10': 'Amsterdam',
  '11': 'Amstelveen',
  '12': 'Hilversum',
  '13': 'Almere',
  '14': 'Purmerend',
  '15': 'Zaandam',
  '16': 'Hoorn',
  '17': 'Heerhugowaard',
  '18': 'Alkmaar',
  '19': 'Beverwijk',
  '20': 'Haarlem',
  '21': 'Hoofddorp',
  '22': 'Noordwijk',
  '23': 'Leiden',
  '24': 'Alphen aan den Rijn',
  '25': 'Den Haag',
  '26': 'Delft',
  '27': 'Zoetermeer',
  '28': 'Gouda',
  '29': 'Capelle aan den IJssel',
  '30': 'Rotterdam',
  '31': 'Schiedam',
  '32': 'Spijkenisse',
  '33': 'Dordrecht',
  '34': 'Nieuwegein',
  '35': 'Utrecht',
  '36': 'Maarssen',
  '37': 'Zeist',
  '38': 'Amersfoort',
  '39': 'Veenendaal',
  '40': 'Tiel',
  '41': 'Culemborg',
  '42': 'Gorinchem',
  '43': 'Zierikzee',
  '44': 'Goes',
  '45': 'Oostburg',
  '46': 'Bergen op Zoom',
  '47': 'Roosendaal',
  '48': 'Breda',
  '49': 'Oosterhout',
  '50': 'Tilburg',
  '51': 'Waalwijk',
  '52': "'s-Hertogenbosch",
  '53': 'Zaltbommel',
  '54': 'Uden',
  '55': 'Veldhoven',
  '56': 'Eindhoven',
  '57': 'Helmond',
  '58': 'Venray',
  '59': 'Venlo',
  '60': 'Weert',
  '61': 'Sittard',
  '62': 'Maastricht',
  '63': 'Valkenburg',
  '64': 'Heerlen',
  '65': 'Nijmegen',
  '66': 'Wijchen',
  '67': 'Ede',
  '68': 'Arnhem',
  '69': 'Zevenaar',
  '70': 'Doetinchem',
  '71': 'Winterswijk',
  '72': 'Zutphen',
  '73': 'Apeldoorn',
  '74': 'Deventer',
  '75': 'Enschede',
  '76': 'Almelo',
  '77': 'Hardenberg',
  '78': 'Emmen',
  '79': 'Hoogeveen',
  '80': 'Zwolle',
  '81': 'Raalte',
  '82': 'Lelystad',
  '83': 'Emmeloord',
  '84': 'Heerenveen',
  '85': 'Joure',
  '86': 'Sneek',
  '87': 'Bolsward',
  '88': 'Harlingen',
  '89': 'Leeuwarden',
  '90': 'Grou',
  '91': 'Dokkum',
  '92': 'Drachten',
  '93': 'Roden',
  '94': 'Assen',
  '95': 'Stadskanaal',
  '96': 'Hoogezand',
  '97': 'Groningen',
  '98': 'Zuidhorn',
  '99': 'Delfzijl',
};

/** Street names found in most Dutch towns. */
const NL_STREETS = [
  'Kerkstraat',
  'Dorpsstraat',
  'Molenweg',
  'Schoolstraat',
  'Stationsweg',
  'Julianastraat',
  'Wilhelminastraat',
  'Beatrixlaan',
  'Oranjestraat',
  'Nieuwstraat',
  'Hoofdstraat',
  'Marktstraat',
  'Parallelweg',
  'Industrieweg',
  'Kastanjelaan',
  'Eikenlaan',
  'Lindelaan',
  'Beukenlaan',
  'Prins Bernhardlaan',
  'Emmastraat',
  'Irenestraat',
  'Spoorstraat',
  'Havenstraat',
  'Sportlaan',
  'Zuiderweg',
  'Noorderweg',
  'Tulpstraat',
  'Rozenstraat',
  'Vondelstraat',
  'Rembrandtlaan',
  'Vermeerstraat',
  'Mozartlaan',
  'Dahliastraat',
  'Merelstraat',
  'Lijsterlaan',
  'Populierenlaan',
  'Wilgenlaan',
  'Esdoornlaan',
  'Koningin Julianalaan',
  'Burgemeester Visserstraat',
  'Van Goghstraat',
  'Jan Steenstraat',
  'Willem de Zwijgerlaan',
];

const NL_PC4_SUFFIXES = ['11', '12', '21', '31'];
const NL_LETTERS = ['AA', 'AB', 'AC', 'BA', 'BB', 'BC'];

/** Common Belgian postcodes with their gemeente. */
const BE_POSTCODES: [postcode: string, city: string][] = [
  ['1000', 'Brussel'],
  ['1020', 'Brussel'],
  ['1030', 'Schaarbeek'],
  ['1040', 'Etterbeek'],
  ['1050', 'Elsene'],
  ['1060', 'Sint-Gillis'],
  ['1070', 'Anderlecht'],
  ['1080', 'Sint-Jans-Molenbeek'],
  ['1090', 'Jette'],
  ['1140', 'Evere'],
  ['1150', 'Sint-Pieters-Woluwe'],
  ['1160', 'Oudergem'],
  ['1170', 'Watermaal-Bosvoorde'],
  ['1180', 'Ukkel'],
  ['1190', 'Vorst'],
  ['1200', 'Sint-Lambrechts-Woluwe'],
  ['1210', 'Sint-Joost-ten-Node'],
  ['1300', 'Waver'],
  ['1500', 'Halle'],
  ['1700', 'Dilbeek'],
  ['1730', 'Asse'],
  ['1800', 'Vilvoorde'],
  ['1930', 'Zaventem'],
  ['2000', 'Antwerpen'],
  ['2018', 'Antwerpen'],
  ['2020', 'Antwerpen'],
  ['2030', 'Antwerpen'],
  ['2060', 'Antwerpen'],
  ['2100', 'Antwerpen'],
  ['2140', 'Antwerpen'],
  ['2200', 'Herentals'],
  ['2300', 'Turnhout'],
  ['2400', 'Mol'],
  ['2500', 'Lier'],
  ['2600', 'Antwerpen'],
  ['2610', 'Antwerpen'],
  ['2800', 'Mechelen'],
  ['2900', 'Schoten'],
  ['3000', 'Leuven'],
  ['3010', 'Leuven'],
  ['3500', 'Hasselt'],
  ['3600', 'Genk'],
  ['3700', 'Tongeren'],
  ['3800', 'Sint-Truiden'],
  ['3920', 'Lommel'],
  ['4000', 'Luik'],
  ['4800', 'Verviers'],
  ['5000', 'Namen'],
  ['6000', 'Charleroi'],
  ['6700', 'Aarlen'],
  ['7000', 'Bergen'],
  ['7500', 'Doornik'],
  ['8000', 'Brugge'],
  ['8400', 'Oostende'],
  ['8500', 'Kortrijk'],
  ['8800', 'Roeselare'],
  ['8900', 'Ieper'],
  ['9000', 'Gent'],
  ['9030', 'Gent'],
  ['9040', 'Gent'],
  ['9050', 'Gent'],
  ['9100', 'Sint-Niklaas'],
  ['9200', 'Dendermonde'],
  ['9300', 'Aalst'],
  ['9700', 'Oudenaarde'],
  ['9900', 'Eeklo'],
];

type Row = [
  country: string,
  postcode: string,
  street: string | null,
  city: string,
  from: number | null,
  to: number | null,
  parity: string,
];

interface SeededAddress {
  country: string;
  postcode: string;
  street: string;
  house: string;
  city: string;
}

/** The addresses the seed already wrote, in a fixed order (table, then id). */
async function seededAddresses(q: Queryable): Promise<SeededAddress[]> {
  const { rows } = await q.query<SeededAddress>(
    `select country, postcode, street, house, city from (
       select 1 as src, id, country_id as country, postcode, street, house_number as house, city from store_locations
       union all
       select 2, id, country_id, postcode, street[1], coalesce(street[2], ''), city from customer_addresses
       union all
       select 3, id, country_id, postcode, street, house_number, city from parcel_shops
     ) a where upper(country) in ('NL', 'BE') order by src, id`,
  );
  return rows;
}

/** The postcode rows (pure, for the seed and its test): the seeded addresses first, then the generated areas. */
export function postcodeRows(addresses: SeededAddress[]): Row[] {
  const rows: Row[] = [];
  const nlStreetOf = new Map<string, string>();
  const beCityOf = new Map<string, string>();
  for (const a of addresses) {
    const country = a.country.toUpperCase();
    const postcode = compactPostcode(a.postcode);
    if (country === 'BE') {
      if (!beCityOf.has(postcode)) beCityOf.set(postcode, a.city);
      continue;
    }
    const house = Number(/^\d+/.exec(a.house.trim())?.[0] ?? 0);
    if (house >= 1) rows.push(['NL', postcode, a.street, a.city, house, house, 'all']);
    if (!nlStreetOf.has(postcode)) {
      nlStreetOf.set(postcode, a.street);
      rows.push(['NL', postcode, a.street, a.city, 1, 199, 'all']);
    }
  }
  let area = 0;
  for (const [pc2, city] of Object.entries(NL_PC2_PLACES)) {
    for (const suffix of NL_PC4_SUFFIXES) {
      const pc4 = `${pc2}${suffix}`;
      const first = area++ * 3;
      NL_LETTERS.forEach((letters, i) => {
        const postcode = `${pc4}${letters}`;
        // a street takes two postcodes: the odd side, then the even side
        const street = NL_STREETS[(first + Math.floor(i / 2)) % NL_STREETS.length];
        if (nlStreetOf.has(postcode)) return;
        rows.push([
          'NL',
          postcode,
          street,
          city,
          i % 2 === 0 ? 1 : 2,
          i % 2 === 0 ? 199 : 200,
          i % 2 === 0 ? 'odd' : 'even',
        ]);
      });
    }
  }
  for (const [postcode, city] of BE_POSTCODES) if (!beCityOf.has(postcode)) beCityOf.set(postcode, city);
  for (const [postcode, city] of beCityOf) rows.push(['BE', postcode, null, city, null, null, 'all']);
  return rows;
}

/** Fills `postcode_addresses`; run after the stores, the demo customer and the parcel shops are written. */
export async function seedPostcodes(q: Queryable): Promise<number> {
  const rows = postcodeRows(await seededAddresses(q));
  await insertRows(
    q,
    'postcode_addresses',
    ['country_id', 'postcode', 'street', 'city', 'house_from', 'house_to', 'parity'],
    rows,
  );
  return rows.length;
}
