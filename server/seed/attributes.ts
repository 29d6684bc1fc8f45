import type { Queryable } from '../db/index.ts';
import { insertRows } from './batch.ts';

export interface SeedOption {
  value: string;
  label: string;
  swatch?: string;
}

export interface SeedAttribute {
  id: number;
  code: string;
  label: string;
  input: 'select' | 'multiselect' | 'text' | 'price' | 'boolean';
  filterable: boolean;
  comparable?: boolean;
  visibleOnFront?: boolean;
  position: number;
  options: SeedOption[];
}

/** Colours with the hex the swatches and the generated images use; `code` goes into the sku (OFM-10001-NAVY-M). */
export const COLOURS = [
  { code: 'NAVY', label: 'Navy', hex: '#1f2a44' },
  { code: 'ZWART', label: 'Zwart', hex: '#161616' },
  { code: 'WIT', label: 'Wit', hex: '#f4f4f0' },
  { code: 'LICHTBLAUW', label: 'Lichtblauw', hex: '#a9c6e8' },
  { code: 'BLAUW', label: 'Blauw', hex: '#2f5fa7' },
  { code: 'GRIJS', label: 'Grijs', hex: '#8c8c8c' },
  { code: 'ANTRACIET', label: 'Antraciet', hex: '#3b3e42' },
  { code: 'BORDEAUX', label: 'Bordeaux', hex: '#6d1a2a' },
  { code: 'OLIJF', label: 'Olijfgroen', hex: '#6b6b3a' },
  { code: 'DONKERGROEN', label: 'Donkergroen', hex: '#24452f' },
  { code: 'CAMEL', label: 'Camel', hex: '#c19a6b' },
  { code: 'BRUIN', label: 'Bruin', hex: '#5a3a22' },
  { code: 'BEIGE', label: 'Beige', hex: '#d8c8a8' },
  { code: 'ROZE', label: 'Roze', hex: '#e8b4c0' },
  { code: 'COGNAC', label: 'Cognac', hex: '#9a5b2b' },
  { code: 'ECRU', label: 'Ecru', hex: '#efe6d2' },
  { code: 'DENIM', label: 'Mid blue denim', hex: '#4a6a8f' },
  { code: 'DARKDENIM', label: 'Dark blue denim', hex: '#23334f' },
] as const;
export type ColourCode = (typeof COLOURS)[number]['code'];

export const BRANDS = [
  'OFM Essentials',
  'Nordic Tailor',
  'Van Dijk Denim',
  'Atelier Noord',
  'Hollandse Kust',
  'Brabant & Zonen',
  'Kings Cross Tailoring',
  'Zeeuws Linnen',
  'Maison Delft',
  'Dutch Harbour',
  'Montrose Club',
  'Velluto Milano',
] as const;

export const MATERIALS = [
  'Katoen',
  'Stretch katoen',
  'Linnen',
  'Wol',
  'Merinowol',
  'Kasjmier',
  'Piqué katoen',
  'Denim',
  'Leer',
  'Suède',
  'Zijde',
  'Polyester',
  'Jersey',
] as const;
export const FITS = ['Slim fit', 'Regular fit', 'Modern fit', 'Tailored fit', 'Relaxed fit'] as const;
export const PATTERNS = ['Effen', 'Gestreept', 'Geruit', 'Gestipt', 'Print', 'Visgraat'] as const;

/** Size systems: every size carries its EU, UK, US and centimetre equivalents (spec 001: size_conversion). */
export interface SizeDef {
  label: string;
  code: string;
  eu: string;
  uk: string;
  us: string;
  cm: string;
}
const alpha: [string, string, string, string][] = [
  ['S', '46', '36', '92'],
  ['M', '50', '40', '100'],
  ['L', '52', '42', '106'],
  ['XL', '54', '44', '112'],
  ['XXL', '56', '46', '118'],
  ['XXXL', '58', '48', '124'],
];
export const SIZE_SETS: Record<'alpha' | 'suit' | 'jeans' | 'shoes' | 'belt', SizeDef[]> = {
  alpha: alpha.map(([label, eu, ukus, cm]) => ({ label, code: label, eu, uk: ukus, us: ukus, cm })),
  suit: ['46', '48', '50', '52', '54', '56', '58'].map((eu) => ({
    label: eu,
    code: eu,
    eu,
    uk: String(Number(eu) - 10),
    us: String(Number(eu) - 10),
    cm: String(Number(eu) * 2),
  })),
  jeans: [30, 31, 32, 33, 34, 36, 38].flatMap((w) =>
    [32, 34].map((l) => ({
      label: `W${w} L${l}`,
      code: `W${w}L${l}`,
      eu: String(w + 16),
      uk: String(w),
      us: String(w),
      cm: String(Math.round(w * 2.54)),
    })),
  ),
  shoes: [40, 41, 42, 43, 44, 45, 46, 47].map((eu) => ({
    label: String(eu),
    code: String(eu),
    eu: String(eu),
    uk: String(eu - 33.5),
    us: String(eu - 33),
    cm: ((eu * 2) / 3 - 1).toFixed(1),
  })),
  belt: ['85', '90', '95', '100', '105', '110'].map((cm) => ({
    label: cm,
    code: cm,
    eu: cm,
    uk: String(Math.round(Number(cm) / 2.54)),
    us: String(Math.round(Number(cm) / 2.54)),
    cm,
  })),
};

export const ATTRIBUTE_IDS = {
  color: 93,
  size: 144,
  brand: 150,
  material: 151,
  fit: 152,
  pattern: 153,
  size_eu: 160,
  size_uk: 161,
  size_us: 162,
  size_cm: 163,
  price: 77,
} as const;

/** Option values are numeric ids as text, as the storefront's filters send them ('49'). */
export interface AttributeCatalog {
  attributes: SeedAttribute[];
  /** attribute_code → label → option value */
  valueOf(code: string, label: string): string;
  labelOf(code: string, value: string): string;
}

export function buildAttributes(): AttributeCatalog {
  const optionsFrom = (start: number, labels: readonly string[], swatches?: readonly string[]): SeedOption[] =>
    labels.map((label, i) => ({ value: String(start + i), label, swatch: swatches?.[i] }));
  const uniq = (values: string[]) => [...new Set(values)];
  const sizeLabels = uniq(Object.values(SIZE_SETS).flatMap((set) => set.map((s) => s.label)));
  const system = (key: 'eu' | 'uk' | 'us' | 'cm') =>
    uniq(Object.values(SIZE_SETS).flatMap((set) => set.map((s) => s[key]))).sort((a, b) => Number(a) - Number(b));

  const attributes: SeedAttribute[] = [
    {
      id: ATTRIBUTE_IDS.color,
      code: 'color',
      label: 'Kleur',
      input: 'select',
      filterable: true,
      comparable: true,
      position: 1,
      options: optionsFrom(
        49,
        COLOURS.map((c) => c.label),
        COLOURS.map((c) => c.hex),
      ),
    },
    {
      id: ATTRIBUTE_IDS.size,
      code: 'size',
      label: 'Maat',
      input: 'select',
      filterable: true,
      comparable: true,
      position: 2,
      options: optionsFrom(100, sizeLabels),
    },
    {
      id: ATTRIBUTE_IDS.brand,
      code: 'brand',
      label: 'Merk',
      input: 'select',
      filterable: true,
      comparable: true,
      position: 3,
      options: optionsFrom(300, BRANDS),
    },
    {
      id: ATTRIBUTE_IDS.material,
      code: 'material',
      label: 'Materiaal',
      input: 'select',
      filterable: true,
      comparable: true,
      position: 4,
      options: optionsFrom(400, MATERIALS),
    },
    {
      id: ATTRIBUTE_IDS.fit,
      code: 'fit',
      label: 'Pasvorm',
      input: 'select',
      filterable: true,
      comparable: true,
      position: 5,
      options: optionsFrom(500, FITS),
    },
    {
      id: ATTRIBUTE_IDS.pattern,
      code: 'pattern',
      label: 'Dessin',
      input: 'select',
      filterable: true,
      position: 6,
      options: optionsFrom(600, PATTERNS),
    },
    {
      id: ATTRIBUTE_IDS.size_eu,
      code: 'size_eu',
      label: 'Maat EU',
      input: 'select',
      filterable: false,
      position: 10,
      options: optionsFrom(700, system('eu')),
    },
    {
      id: ATTRIBUTE_IDS.size_uk,
      code: 'size_uk',
      label: 'Maat UK',
      input: 'select',
      filterable: false,
      position: 11,
      options: optionsFrom(800, system('uk')),
    },
    {
      id: ATTRIBUTE_IDS.size_us,
      code: 'size_us',
      label: 'Maat US',
      input: 'select',
      filterable: false,
      position: 12,
      options: optionsFrom(900, system('us')),
    },
    {
      id: ATTRIBUTE_IDS.size_cm,
      code: 'size_cm',
      label: 'Maat in cm',
      input: 'select',
      filterable: false,
      position: 13,
      options: optionsFrom(1000, system('cm')),
    },
    {
      id: ATTRIBUTE_IDS.price,
      code: 'price',
      label: 'Prijs',
      input: 'price',
      filterable: true,
      position: 0,
      options: [],
    },
  ];
  const byLabel = new Map<string, string>();
  const byValue = new Map<string, string>();
  for (const a of attributes) {
    for (const o of a.options) {
      byLabel.set(`${a.code}\u0000${o.label}`, o.value);
      byValue.set(`${a.code}\u0000${o.value}`, o.label);
    }
  }
  return {
    attributes,
    valueOf(code, label) {
      const v = byLabel.get(`${code}\u0000${label}`);
      if (v === undefined) throw new Error(`seed: no option '${label}' for ${code}`);
      return v;
    },
    labelOf(code, value) {
      return byValue.get(`${code}\u0000${value}`) ?? value;
    },
  };
}

export async function insertAttributes(q: Queryable, catalog: AttributeCatalog): Promise<void> {
  const { attributes } = catalog;
  await insertRows(
    q,
    'attributes',
    [
      'attribute_id',
      'attribute_code',
      'frontend_label',
      'frontend_input',
      'is_filterable',
      'is_comparable',
      'is_visible_on_front',
      'is_user_defined',
      'is_visible',
      'position',
    ],
    attributes.map((a) => [
      a.id,
      a.code,
      a.label,
      a.input,
      a.filterable,
      a.comparable ?? false,
      a.visibleOnFront ?? true,
      a.code !== 'price',
      true,
      a.position,
    ]),
  );
  await insertRows(
    q,
    'attribute_options',
    ['attribute_id', 'value', 'label', 'swatch', 'sort_order'],
    attributes.flatMap((a) => a.options.map((o, i) => [a.id, o.value, o.label, o.swatch ?? null, i])),
  );
}
