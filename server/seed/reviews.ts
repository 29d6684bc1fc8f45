import type { Queryable } from '../db/index.ts';
import { insertRows } from './batch.ts';
import { DAY, startOfDay } from './pricing.ts';
import { seededFaker, type Faker } from './random.ts';

/**
 * Product reviews and product journeys ("tex tracer"; spec 001 §1, named in texts only). Read from the product rows
 * already in the database, so a database seeded before migration 100 gets them on its next start too. Their own
 * faker seed: adding them changes nothing else of the shop.
 */

/** Parents with reviews and a journey at most: a 50 000-product benchmark seed stays quick. */
const REVIEWED_PRODUCTS_MAX = 20_000;

type Kind = 'top' | 'bottom' | 'shoes' | 'accessory';
type Route = 'woven' | 'knitted' | 'leather';

/** The drawing's shape (`shirt-navy.webp`) says what the garment is (server/seed/garments.ts). */
const SHAPES: Record<string, { kind: Kind; route: Route } | undefined> = {
  suit: { kind: 'top', route: 'woven' },
  jacket: { kind: 'top', route: 'woven' },
  gilet: { kind: 'top', route: 'woven' },
  shirt: { kind: 'top', route: 'woven' },
  knit: { kind: 'top', route: 'knitted' },
  cardigan: { kind: 'top', route: 'knitted' },
  hoodie: { kind: 'top', route: 'knitted' },
  polo: { kind: 'top', route: 'knitted' },
  tshirt: { kind: 'top', route: 'knitted' },
  trousers: { kind: 'bottom', route: 'woven' },
  shorts: { kind: 'bottom', route: 'woven' },
  jeans: { kind: 'bottom', route: 'woven' },
  sneaker: { kind: 'shoes', route: 'leather' },
  shoe: { kind: 'shoes', route: 'leather' },
  boot: { kind: 'shoes', route: 'leather' },
  belt: { kind: 'accessory', route: 'leather' },
  tie: { kind: 'accessory', route: 'woven' },
  pocket: { kind: 'accessory', route: 'woven' },
  socks: { kind: 'accessory', route: 'knitted' },
};

const TITLES: Record<number, string[]> = {
  5: ['Top kwaliteit', 'Zeer tevreden', 'Precies wat ik zocht', 'Aanrader!', 'Prachtig', 'Perfecte pasvorm'],
  4: ['Goede koop', 'Tevreden', 'Fijn gedragen', 'Net geen vijf sterren', 'Mooi product'],
  3: ['Redelijk', 'Gemengde gevoelens', 'Prima, niet meer dan dat'],
  2: ['Viel tegen', 'Niet wat ik verwachtte'],
  1: ['Teleurgesteld', 'Helaas retour'],
};

const FIT_GOOD: Record<Kind, string[]> = {
  top: [
    'Valt normaal op maat, de mouwen hebben precies de goede lengte.',
    'Mooie, nette pasvorm zonder dat het strak zit.',
  ],
  bottom: ['De pijplengte klopt en de taille zit comfortabel.', 'Zit goed, ook na een lange dag op kantoor.'],
  shoes: ['Loopt vanaf de eerste dag comfortabel, geen blaren.', 'Valt normaal op maat, mijn vaste maat paste meteen.'],
  accessory: ['Mooi detail bij een pak, precies wat ik zocht.', 'Goed afgewerkt, voelt duurder aan dan het is.'],
};

const GOOD = [
  'De stof voelt stevig aan en is netjes afgewerkt.',
  'Snel geleverd en keurig verpakt.',
  'Na een paar wasbeurten nog steeds als nieuw.',
  'De kleur is precies zoals op de foto.',
  'Ik krijg er regelmatig complimenten over.',
  'Goede prijs-kwaliteitverhouding.',
  'In de winkel werd ik goed geholpen bij het kiezen van de maat.',
];

const CAVEATS = [
  'Enige minpuntje: het valt een tikje ruim.',
  'Enige minpuntje: de levering duurde een dag langer.',
  'Enige minpuntje: de kleur is net iets lichter dan op de foto.',
  'Enige minpuntje: het kreukt wat snel.',
];

const MIXED = [
  'Op zich een mooi product, maar de maat valt wat klein. Een maat groter had beter gepast.',
  'De kwaliteit is in orde, maar de kleur is iets donkerder dan op de foto.',
  'Prima voor de prijs, verwacht er geen wonderen van.',
  'Draagt prettig, al had ik de stof wat steviger verwacht.',
];

const BAD = [
  'Na twee keer wassen was het al gekrompen.',
  'De stof voelt dunner aan dan ik had verwacht.',
  'Valt veel kleiner dan de maattabel aangeeft.',
  'Een naad liet na een week al los.',
  'De kleur komt niet overeen met de foto.',
];

function reviewText(f: Faker, rating: number, kind: Kind): string {
  if (rating === 5) return [f.helpers.arrayElement(FIT_GOOD[kind]), ...f.helpers.arrayElements(GOOD, 2)].join(' ');
  if (rating === 4) {
    return [f.helpers.arrayElement(FIT_GOOD[kind]), f.helpers.arrayElement(GOOD), f.helpers.arrayElement(CAVEATS)].join(
      ' ',
    );
  }
  if (rating === 3) return f.helpers.arrayElement(MIXED);
  const closing = rating === 1 ? 'Gelukkig ging het retourneren makkelijk.' : 'Jammer, want het model is mooi.';
  return [...f.helpers.arrayElements(BAD, 2), closing].join(' ');
}

/** The makers' countries by ISO code, named in Dutch as the tex tracer shows them. */
const COUNTRY_NAMES: Record<string, string> = {
  IT: 'Italië',
  TR: 'Turkije',
  IN: 'India',
  PT: 'Portugal',
  JP: 'Japan',
  ES: 'Spanje',
  NL: 'Nederland',
  RO: 'Roemenië',
  MA: 'Marokko',
  PL: 'Polen',
};

/** A maker: its country's ISO code, its city and its name. */
type Maker = [country_id: string, city: string, company: string];

/** Fictional makers in the places where menswear is really made. */
const MAKERS: Record<string, Maker[]> = {
  spinning: [
    ['IT', 'Biella', 'Filatura Biellese'],
    ['TR', 'Denizli', 'Denizli İplik'],
    ['IN', 'Coimbatore', 'Coimbatore Spinning Mills'],
    ['PT', 'Guimarães', 'Fiação do Minho'],
  ],
  weaving: [
    ['IT', 'Prato', 'Tessitura Pratese'],
    ['PT', 'Barcelos', 'Tecelagem Barcelense'],
    ['TR', 'Bursa', 'Bursa Dokuma'],
    ['JP', 'Okayama', 'Kojima Weaving'],
  ],
  knitting: [
    ['PT', 'Porto', 'Malhas do Porto'],
    ['IT', 'Carpi', 'Maglificio Carpigiano'],
    ['TR', 'Istanbul', 'İstanbul Örme'],
  ],
  dyeing: [
    ['IT', 'Como', 'Tintoria Comense'],
    ['PT', 'Guimarães', 'Tinturaria Vimaranense'],
    ['TR', 'Denizli', 'Ege Boya'],
    ['IN', 'Tiruppur', 'Tiruppur Dyeing Works'],
  ],
  tanning: [
    ['IT', 'Santa Croce sull’Arno', 'Conceria Santa Croce'],
    ['ES', 'Igualada', 'Adobería Igualada'],
    ['NL', 'Dongen', 'Leerlooierij Dongen'],
  ],
  confection: [
    ['PT', 'Guimarães', 'Confecções Vimaranenses'],
    ['RO', 'Timișoara', 'Confecții Timișoara'],
    ['TR', 'İzmir', 'İzmir Konfeksiyon'],
    ['MA', 'Tanger', 'Atelier Tanger'],
    ['PL', 'Łódź', 'Szwalnia Łódź'],
  ],
  finishing: [
    ['PT', 'Felgueiras', 'Calçado Felgueiras'],
    ['ES', 'Elche', 'Calzados Elche'],
    ['NL', 'Waalwijk', 'Schoenmakerij Waalwijk'],
  ],
};

const ROUTES: Record<Route, string[]> = {
  woven: ['spinning', 'weaving', 'dyeing', 'confection'],
  knitted: ['spinning', 'knitting', 'dyeing', 'confection'],
  leather: ['tanning', 'confection', 'finishing'],
};

export async function seedReviews(q: Queryable, now: Date): Promise<{ reviews: number; steps: number }> {
  const f = seededFaker(20_260_058);
  const today = startOfDay(now);
  const { rows: parents } = await q.query<{ id: number; image: string | null }>(
    `select id, doc->>'image' as image from products
      where parent_id is null and visibility = 4 and status = 1 order by id limit $1`,
    [REVIEWED_PRODUCTS_MAX],
  );
  const reviews: unknown[][] = [];
  const steps: unknown[][] = [];
  for (const p of parents) {
    const shape = SHAPES[String(p.image ?? '').split('-')[0]!];
    if (!shape) continue; // books and gift boxes: neither worn nor made in a garment's steps
    const count = f.helpers.weightedArrayElement([
      { weight: 2, value: 0 },
      { weight: 4, value: f.number.int({ min: 1, max: 4 }) },
      { weight: 3, value: f.number.int({ min: 5, max: 9 }) },
      { weight: 1, value: f.number.int({ min: 10, max: 16 }) },
    ]);
    for (let i = 0; i < count; i++) {
      const rating = f.helpers.weightedArrayElement([
        { weight: 45, value: 5 },
        { weight: 30, value: 4 },
        { weight: 12, value: 3 },
        { weight: 8, value: 2 },
        { weight: 5, value: 1 },
      ]);
      const daysAgo = f.number.int({ min: 1, max: 730 });
      const at = new Date(today.getTime() - daysAgo * DAY + f.number.int({ min: 8, max: 22 }) * 3_600_000);
      reviews.push([
        p.id,
        rating,
        f.person.firstName(),
        f.helpers.arrayElement(TITLES[rating]!),
        reviewText(f, rating, shape.kind),
        at.toISOString(),
      ]);
    }
    ROUTES[shape.route].forEach((step, position) => {
      const [country_id, city, company] = f.helpers.arrayElement(MAKERS[step]!);
      steps.push([p.id, position, step, country_id, COUNTRY_NAMES[country_id], city, company]);
    });
  }
  await insertRows(q, 'product_reviews', ['product_id', 'rating', 'author', 'title', 'body', 'created_at'], reviews, {
    batch: 2000,
  });
  await insertRows(
    q,
    'product_journey_steps',
    ['product_id', 'position', 'step', 'country_id', 'country', 'city', 'company'],
    steps,
    { batch: 2000 },
  );
  return { reviews: reviews.length, steps: steps.length };
}
