import type { GarmentKind } from './garments.ts';
import type { Faker } from './random.ts';

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function pickWeighted(f: Faker, kinds: GarmentKind[]): GarmentKind {
  return f.helpers.weightedArrayElement(kinds.map((k) => ({ weight: k.weight, value: k })));
}

export function productName(f: Faker, kind: GarmentKind): string {
  const parts = [
    f.helpers.arrayElement(kind.prefixes),
    f.helpers.arrayElement(kind.nouns),
    f.helpers.arrayElement(kind.suffixes),
  ];
  return capitalise(parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim());
}

/** The attributes a name's first words promise ("Regular fit", "Wollen", "Gestreept"), each only where the kind has it. */
const NAME_PROMISES: [prefix: string, promise: { fit?: string; material?: string; pattern?: string }][] = [
  ['slim fit', { fit: 'Slim fit' }],
  ['regular fit', { fit: 'Regular fit' }],
  ['tailored fit', { fit: 'Tailored fit' }],
  ['modern fit', { fit: 'Modern fit' }],
  ['wollen', { material: 'Wol' }],
  ['zomers linnen', { material: 'Linnen' }],
  ['linnen', { material: 'Linnen' }],
  ['merino', { material: 'Merinowol' }],
  ['kasjmier', { material: 'Kasjmier' }],
  ['biologisch katoenen', { material: 'Katoen' }],
  ['katoenen', { material: 'Katoen' }],
  ['piqué', { material: 'Piqué katoen' }],
  ['stretch', { material: 'Stretch katoen' }],
  ['leren', { material: 'Leer' }],
  ['suède', { material: 'Suède' }],
  ['zijden', { material: 'Zijde' }],
  ['gestreept', { pattern: 'Gestreept' }],
  ['geprint', { pattern: 'Print' }],
];

/**
 * The fit, material and pattern of a product named `name`: what its name promises where it promises one ("Regular fit
 * kostuum" is regular fit, "Wollen pantalon" wool), else the ones drawn. The draws are made either way, so the seed's
 * random sequence, and every product after this one, stays the same.
 */
export function namedAttributes(
  name: string,
  kind: GarmentKind,
  drawn: { fit: string; material: string; pattern: string },
): { fit: string; material: string; pattern: string } {
  const lower = name.toLowerCase();
  const promise = NAME_PROMISES.find(([prefix]) => lower.startsWith(prefix))?.[1] ?? {};
  return {
    ...drawn,
    ...(promise.fit && kind.fits.includes(promise.fit) ? { fit: promise.fit } : {}),
    ...(promise.material && kind.materials.includes(promise.material) ? { material: promise.material } : {}),
    ...(promise.pattern ? { pattern: promise.pattern } : {}),
  };
}

export function description(
  f: Faker,
  name: string,
  brand: string,
  material: string | undefined,
  fit: string | undefined,
): string {
  const openers = [
    `Een tijdloze basis voor elke garderobe: de ${name.toLowerCase()} van ${brand}.`,
    `Met de ${name.toLowerCase()} van ${brand} zit je altijd goed, op kantoor en in het weekend.`,
    `${brand} maakt met deze ${name.toLowerCase()} een stuk dat jarenlang meegaat.`,
  ];
  const care = f.helpers.arrayElement([
    'Wassen op 30 graden.',
    'Chemisch reinigen aanbevolen.',
    'Handwas of wolprogramma.',
    'Niet in de droger.',
  ]);
  const items = [
    material && `Materiaal: ${material.toLowerCase()}`,
    fit && `Pasvorm: ${fit.toLowerCase()}`,
    care,
  ].filter(Boolean);
  return `<p>${f.helpers.arrayElement(openers)} ${f.helpers.arrayElement(['Het model valt normaal; kies je gebruikelijke maat.', 'Valt iets kleiner; twijfel je, kies dan een maat groter.', 'Afgewerkt met oog voor detail.'])}</p><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
}
