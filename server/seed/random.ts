import { Faker, base, en, nl } from '@faker-js/faker';

/**
 * A private, seeded faker per seed area. fakerNL is a shared singleton: two seeds running in one process (parallel
 * test servers) would interleave its sequence and lose determinism. Each area gets its own instance and seed, so
 * adding content never changes the catalogue.
 */
export function seededFaker(seed: number): Faker {
  const faker = new Faker({ locale: [nl, en, base] });
  faker.seed(seed);
  return faker;
}

export type { Faker };

/** URL-safe slug of a Dutch label: 'Truien & vesten' → 'truien-vesten', "Polo's" → 'polos'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
