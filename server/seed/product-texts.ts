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
