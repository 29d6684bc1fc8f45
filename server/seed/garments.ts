import type { ColourCode } from './attributes.ts';
import { SIZE_SETS } from './attributes.ts';

/**
 * The kinds of garment the generator makes. A kind fixes the category, the size system, the price band, plausible
 * materials, fits and colours, the drawing of its image (images.ts) and how names are put together.
 */
export type ShapeKey =
  | 'suit'
  | 'jacket'
  | 'gilet'
  | 'shirt'
  | 'knit'
  | 'cardigan'
  | 'hoodie'
  | 'polo'
  | 'tshirt'
  | 'trousers'
  | 'shorts'
  | 'jeans'
  | 'sneaker'
  | 'shoe'
  | 'boot'
  | 'tie'
  | 'belt'
  | 'socks'
  | 'pocket'
  | 'book'
  | 'giftbox';

export interface GarmentKind {
  key: string;
  shape: ShapeKey;
  /** category keys of categories.ts: the top category and one of its children */
  top: string;
  subs: string[];
  sizes: keyof typeof SIZE_SETS | null;
  /** euros incl. tax */
  price: [number, number];
  materials: string[];
  fits: string[];
  colours: ColourCode[];
  /** name parts: `${prefix} ${noun} ${suffix}`; a prefix must agree with every noun (de/het: 'gebreide trui', 'gebreid vest') */
  prefixes: string[];
  nouns: string[];
  suffixes: string[];
  reducedTax?: boolean;
  weight: number;
}

const FORMAL: ColourCode[] = ['NAVY', 'ANTRACIET', 'GRIJS', 'ZWART', 'BLAUW', 'BRUIN', 'BORDEAUX'];
const SHIRT: ColourCode[] = ['WIT', 'LICHTBLAUW', 'BLAUW', 'ROZE', 'NAVY', 'ECRU', 'ZWART', 'OLIJF'];
const CASUAL: ColourCode[] = [
  'NAVY',
  'ZWART',
  'WIT',
  'GRIJS',
  'OLIJF',
  'DONKERGROEN',
  'CAMEL',
  'BORDEAUX',
  'BEIGE',
  'ECRU',
  'BLAUW',
];
const SHOE: ColourCode[] = ['ZWART', 'BRUIN', 'COGNAC', 'WIT', 'NAVY', 'CAMEL'];

export const GARMENT_KINDS: GarmentKind[] = [
  {
    key: 'pak',
    shape: 'suit',
    top: 'pakken',
    subs: ['pakken/slim-fit', 'pakken/regular-fit'],
    sizes: 'suit',
    price: [249, 599],
    materials: ['Wol', 'Merinowol', 'Linnen'],
    fits: ['Slim fit', 'Regular fit', 'Tailored fit'],
    colours: FORMAL,
    prefixes: ['Slim fit', 'Regular fit', 'Tailored fit', 'Wollen', 'Tweedelig'],
    nouns: ['kostuum', 'pak'],
    suffixes: ['met peak lapel', 'met notch lapel', 'van Italiaanse wol', 'met visgraatdessin', 'in fijne ruit', ''],
    weight: 5,
  },
  {
    key: 'smoking',
    shape: 'suit',
    top: 'pakken',
    subs: ['pakken/smokings'],
    sizes: 'suit',
    price: [349, 699],
    materials: ['Wol'],
    fits: ['Slim fit', 'Tailored fit'],
    colours: ['ZWART', 'NAVY', 'BORDEAUX'],
    prefixes: ['Slim fit', 'Klassieke'],
    nouns: ['smoking'],
    suffixes: ['met satijnen revers', 'met sjaalkraag', ''],
    weight: 1,
  },
  {
    key: 'gilet',
    shape: 'gilet',
    top: 'pakken',
    subs: ['pakken/gilets'],
    sizes: 'alpha',
    price: [69, 129],
    materials: ['Wol', 'Linnen'],
    fits: ['Slim fit', 'Regular fit'],
    colours: FORMAL,
    prefixes: ['Klassiek', 'Wollen', 'Getailleerd'],
    nouns: ['gilet'],
    suffixes: ['met vijf knopen', 'met dubbele rij knopen', ''],
    weight: 2,
  },
  {
    key: 'colbert',
    shape: 'jacket',
    top: 'colberts',
    subs: ['colberts/blazers', 'colberts/casual'],
    sizes: 'suit',
    price: [149, 349],
    materials: ['Wol', 'Linnen', 'Stretch katoen'],
    fits: ['Slim fit', 'Regular fit', 'Modern fit'],
    colours: [...FORMAL, 'CAMEL', 'BEIGE', 'OLIJF'],
    prefixes: ['Slim fit', 'Modern fit', 'Casual', 'Jersey'],
    nouns: ['colbert', 'blazer'],
    suffixes: ['met opgestikte zakken', 'met elleboogstukken', 'van linnenmix', 'in ruitdessin', 'zonder voering', ''],
    weight: 6,
  },
  {
    key: 'overhemd',
    shape: 'shirt',
    top: 'overhemden',
    subs: ['overhemden/zakelijk', 'overhemden/casual'],
    sizes: 'alpha',
    price: [49, 119],
    materials: ['Katoen', 'Stretch katoen', 'Linnen'],
    fits: ['Slim fit', 'Regular fit', 'Modern fit', 'Tailored fit'],
    colours: SHIRT,
    prefixes: ['Slim fit', 'Regular fit', 'Strijkvrij', 'Oxford', 'Twill', 'Flanellen'],
    nouns: ['overhemd'],
    suffixes: [
      'met button-down kraag',
      'met cutaway kraag',
      'met haaikraag',
      'met dubbele manchet',
      'met borstzak',
      '',
    ],
    weight: 14,
  },
  {
    key: 'linnen-overhemd',
    shape: 'shirt',
    top: 'overhemden',
    subs: ['overhemden/linnen'],
    sizes: 'alpha',
    price: [59, 99],
    materials: ['Linnen'],
    fits: ['Regular fit', 'Relaxed fit'],
    colours: ['WIT', 'LICHTBLAUW', 'BEIGE', 'ECRU', 'OLIJF', 'NAVY'],
    prefixes: ['Linnen', 'Zomers linnen'],
    nouns: ['overhemd'],
    suffixes: ['met korte mouw', 'met grandad kraag', 'met borstzak', ''],
    weight: 3,
  },
  {
    key: 'trui',
    shape: 'knit',
    top: 'truien-vesten',
    subs: ['truien-vesten/truien'],
    sizes: 'alpha',
    price: [59, 179],
    materials: ['Merinowol', 'Kasjmier', 'Katoen', 'Wol'],
    fits: ['Regular fit', 'Slim fit'],
    colours: CASUAL,
    prefixes: ['Gebreide', 'Merino', 'Kasjmier', 'Grofgebreide', 'Fijngebreide'],
    nouns: ['trui', 'pullover'],
    suffixes: ['met ronde hals', 'met V-hals', 'met halve rits', 'met kabelpatroon', ''],
    weight: 9,
  },
  {
    key: 'vest',
    shape: 'cardigan',
    top: 'truien-vesten',
    subs: ['truien-vesten/vesten'],
    sizes: 'alpha',
    price: [69, 159],
    materials: ['Merinowol', 'Wol', 'Katoen'],
    fits: ['Regular fit'],
    colours: CASUAL,
    prefixes: ['Gebreid', 'Merino', 'Grofgebreid'],
    nouns: ['vest'],
    suffixes: ['met knopen', 'met rits', 'met sjaalkraag', ''],
    weight: 4,
  },
  {
    key: 'hoodie',
    shape: 'hoodie',
    top: 'truien-vesten',
    subs: ['truien-vesten/hoodies'],
    sizes: 'alpha',
    price: [49, 99],
    materials: ['Katoen', 'Jersey'],
    fits: ['Regular fit', 'Relaxed fit'],
    colours: CASUAL,
    prefixes: ['Katoenen', 'Geborstelde', 'Biologisch katoenen'],
    nouns: ['hoodie', 'sweater'],
    suffixes: ['met kangoeroezak', 'met geborduurd logo', ''],
    weight: 4,
  },
  {
    key: 'polo',
    shape: 'polo',
    top: 'polos',
    subs: ['polos/korte-mouw', 'polos/lange-mouw'],
    sizes: 'alpha',
    price: [39, 99],
    materials: ['Piqué katoen', 'Katoen', 'Merinowol'],
    fits: ['Slim fit', 'Regular fit'],
    colours: CASUAL,
    prefixes: ['Piqué', 'Slim fit', 'Gebreide', 'Jersey'],
    nouns: ['polo'],
    suffixes: ['met korte mouw', 'met lange mouw', 'met contrastbies', 'met rits', ''],
    weight: 8,
  },
  {
    key: 't-shirt',
    shape: 'tshirt',
    top: 't-shirts',
    subs: ['t-shirts/basic', 't-shirts/print', 't-shirts/longsleeves'],
    sizes: 'alpha',
    price: [19, 49],
    materials: ['Katoen', 'Jersey', 'Stretch katoen'],
    fits: ['Slim fit', 'Regular fit', 'Relaxed fit'],
    colours: CASUAL,
    prefixes: ['Basic', 'Biologisch katoenen', 'Slub', 'Geprint', 'Gestreept'],
    nouns: ['t-shirt'],
    suffixes: ['met ronde hals', 'met V-hals', 'met borstzak', 'met lange mouwen', ''],
    weight: 9,
  },
  {
    key: 'chino',
    shape: 'trousers',
    top: 'broeken',
    subs: ['broeken/chinos'],
    sizes: 'jeans',
    price: [59, 119],
    materials: ['Stretch katoen', 'Katoen'],
    fits: ['Slim fit', 'Regular fit', 'Tailored fit'],
    colours: ['BEIGE', 'NAVY', 'OLIJF', 'CAMEL', 'GRIJS', 'ZWART', 'ECRU'],
    prefixes: ['Slim fit', 'Regular fit', 'Stretch'],
    nouns: ['chino'],
    suffixes: ['met omslag', 'met steekzakken', ''],
    weight: 6,
  },
  {
    key: 'pantalon',
    shape: 'trousers',
    top: 'broeken',
    subs: ['broeken/pantalons'],
    sizes: 'suit',
    price: [69, 149],
    materials: ['Wol', 'Stretch katoen'],
    fits: ['Slim fit', 'Regular fit'],
    colours: FORMAL,
    prefixes: ['Wollen', 'Slim fit', 'Geplooide'],
    nouns: ['pantalon'],
    suffixes: ['met bandplooi', 'met persplooi', ''],
    weight: 3,
  },
  {
    key: 'short',
    shape: 'shorts',
    top: 'broeken',
    subs: ['broeken/korte-broeken'],
    sizes: 'alpha',
    price: [34, 69],
    materials: ['Katoen', 'Linnen'],
    fits: ['Regular fit'],
    colours: ['BEIGE', 'NAVY', 'OLIJF', 'WIT', 'LICHTBLAUW'],
    prefixes: ['Linnen', 'Katoenen', 'Chino'],
    nouns: ['short', 'bermuda'],
    suffixes: ['met trekkoord', ''],
    weight: 3,
  },
  {
    key: 'jeans',
    shape: 'jeans',
    top: 'jeans',
    subs: ['jeans/slim-fit', 'jeans/regular-fit', 'jeans/tapered'],
    sizes: 'jeans',
    price: [69, 169],
    materials: ['Denim'],
    fits: ['Slim fit', 'Regular fit', 'Tailored fit'],
    colours: ['DENIM', 'DARKDENIM', 'ZWART', 'GRIJS'],
    prefixes: ['Slim fit', 'Regular fit', 'Tapered', 'Selvedge', 'Stretch'],
    nouns: ['jeans'],
    suffixes: ['met lichte wassing', 'met donkere wassing', 'van Japans denim', 'met knoopsluiting', ''],
    weight: 8,
  },
  {
    key: 'sneaker',
    shape: 'sneaker',
    top: 'schoenen',
    subs: ['schoenen/sneakers'],
    sizes: 'shoes',
    price: [89, 189],
    materials: ['Leer', 'Suède'],
    fits: ['Regular fit'],
    colours: ['WIT', 'ZWART', 'NAVY', 'COGNAC'],
    prefixes: ['Leren', 'Suède', 'Minimalistische', 'Retro'],
    nouns: ['sneaker'],
    suffixes: ['met witte zool', 'met contrastdetail', ''],
    weight: 4,
  },
  {
    key: 'nette-schoen',
    shape: 'shoe',
    top: 'schoenen',
    subs: ['schoenen/nette-schoenen'],
    sizes: 'shoes',
    price: [119, 249],
    materials: ['Leer', 'Suède'],
    fits: ['Regular fit'],
    colours: SHOE,
    prefixes: ['Leren', 'Suède', 'Handgemaakte'],
    nouns: ['oxford', 'derby', 'loafer', 'brogue'],
    suffixes: ['met leren zool', 'met rubberen zool', ''],
    weight: 3,
  },
  {
    key: 'boot',
    shape: 'boot',
    top: 'schoenen',
    subs: ['schoenen/boots'],
    sizes: 'shoes',
    price: [139, 259],
    materials: ['Leer', 'Suède'],
    fits: ['Regular fit'],
    colours: SHOE,
    prefixes: ['Suède', 'Leren', 'Gevoerde'],
    nouns: ['chelsea boot', 'veterboot'],
    suffixes: ['met profielzool', ''],
    weight: 2,
  },
];

/** Simple (size-less) products: accessories and reduced-tax gift items. */
export const SIMPLE_KINDS: GarmentKind[] = [
  {
    key: 'stropdas',
    shape: 'tie',
    top: 'accessoires',
    subs: ['accessoires/stropdassen'],
    sizes: null,
    price: [29, 69],
    materials: ['Zijde', 'Wol'],
    fits: [],
    colours: ['NAVY', 'BORDEAUX', 'DONKERGROEN', 'LICHTBLAUW', 'ZWART', 'ROZE'],
    prefixes: ['Zijden', 'Gebreide', 'Wollen'],
    nouns: ['stropdas', 'das'],
    suffixes: ['met stippen', 'met streep', 'met paisley', ''],
    weight: 4,
  },
  {
    key: 'riem',
    shape: 'belt',
    top: 'accessoires',
    subs: ['accessoires/riemen'],
    sizes: null,
    price: [39, 79],
    materials: ['Leer', 'Suède'],
    fits: [],
    colours: ['ZWART', 'BRUIN', 'COGNAC'],
    prefixes: ['Leren', 'Suède', 'Gevlochten'],
    nouns: ['riem'],
    suffixes: ['met zilveren gesp', 'met matte gesp', ''],
    weight: 3,
  },
  {
    key: 'sokken',
    shape: 'socks',
    top: 'accessoires',
    subs: ['accessoires/sokken'],
    sizes: null,
    price: [9, 24],
    materials: ['Katoen', 'Merinowol'],
    fits: [],
    colours: ['NAVY', 'ZWART', 'GRIJS', 'BORDEAUX', 'OLIJF'],
    prefixes: ['Katoenen', 'Merino', 'Gestreepte'],
    nouns: ['sokken'],
    suffixes: ['(2-pack)', '(3-pack)', ''],
    weight: 3,
  },
  {
    key: 'pochet',
    shape: 'pocket',
    top: 'accessoires',
    subs: ['accessoires/pochetten'],
    sizes: null,
    price: [19, 39],
    materials: ['Zijde', 'Linnen'],
    fits: [],
    colours: ['WIT', 'BORDEAUX', 'LICHTBLAUW', 'ROZE', 'NAVY'],
    prefixes: ['Zijden', 'Linnen'],
    nouns: ['pochet'],
    suffixes: ['met paisley', 'met stippen', 'met gerolde zoom', ''],
    weight: 2,
  },
  {
    key: 'boek',
    shape: 'book',
    top: 'accessoires',
    subs: ['accessoires/cadeaus'],
    sizes: null,
    price: [19, 45],
    materials: [],
    fits: [],
    colours: ['NAVY', 'ZWART', 'ECRU'],
    prefixes: ['Stijlgids', 'Handboek', 'Het kleine boek'],
    nouns: ['voor de moderne man', 'over maatkleding', 'van het overhemd'],
    suffixes: [''],
    reducedTax: true,
    weight: 1,
  },
];

/**
 * Grouped sets and bundles are made from the simple products above. Their names, each with what it holds: an
 * accessory whose name has the word, one per word, in order (simple-products.ts `addSets`); a set that names nothing
 * holds what was drawn.
 */
export const GROUPED_NAMES: readonly { name: string; holds: string[] }[] = [
  { name: 'Sokken voordeelset', holds: ['sokken', 'sokken', 'sokken'] },
  { name: 'Das en pochet combinatie', holds: ['das', 'pochet'] },
  { name: 'Riemen set', holds: ['riem', 'riem'] },
  { name: 'Sokken en das set', holds: ['sokken', 'das'] },
  { name: 'Cadeauset accessoires', holds: [] },
];
/** The bundles' names, as the sets' above. */
export const BUNDLE_NAMES: readonly { name: string; holds: string[] }[] = [
  { name: 'Cadeaubox das + pochet', holds: ['das', 'pochet'] },
  { name: 'Cadeaubox sokken en riem', holds: ['sokken', 'riem'] },
  { name: 'Giftbox Gentleman', holds: [] },
];

export function sizesOf(kind: GarmentKind) {
  return kind.sizes ? SIZE_SETS[kind.sizes] : [];
}
