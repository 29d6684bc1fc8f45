import type { Faker } from './random.ts';

const DAY = 86_400_000;

/** A shop price in cents incl. tax that ends in ,95 or ,99 (59,95 / 79,99). */
export function retailCents(f: Faker, [min, max]: [number, number]): number {
  const tens = Math.max(1, Math.round(f.number.int({ min, max }) / 10));
  return tens * 1000 - (f.number.int(3) === 0 ? 1 : 5);
}

/** `cents` reduced by `percent`, again ending in ,95. */
export function discounted(cents: number, percent: number): number {
  return Math.max(95, Math.round((cents * (100 - percent)) / 10000) * 100 - 5);
}

export type SpecialKind = 'none' | 'current' | 'current-open' | 'past' | 'future' | 'not-lower';
/** A draw that lands in each kind's band below. */
const FORCED: Record<SpecialKind, number> = {
  'current': 0.05,
  'current-open': 0.14,
  'past': 0.18,
  'future': 0.23,
  'not-lower': 0.26,
  'none': 0.9,
};
/** The first configurable parents take these in turn, so even a 4-product test catalogue exercises every rule. */
export const FIRST_SPECIALS: SpecialKind[] = ['current', 'past', 'future', 'not-lower', 'current-open'];

export interface SpecialPrice {
  kind: SpecialKind;
  cents: number | null;
  from: Date | null;
  to: Date | null;
  /** what the shop shows as "-20%" (only for a special that counts today) */
  percent: number | null;
}

/**
 * Special prices exercise every rule of spec 000 §5: one that counts today, one open-ended, one that has ended, one
 * that has not started, and one that is not lower than the regular price (so it never counts).
 */
export function specialPrice(f: Faker, cents: number, today: Date, forced?: SpecialKind): SpecialPrice {
  const drawn = f.number.float({ min: 0, max: 1 });
  const r = forced ? FORCED[forced] : drawn;
  const day = (n: number) => new Date(today.getTime() + n * DAY);
  const pct = f.helpers.arrayElement([10, 20, 25, 30, 40, 50]);
  if (r < 0.12) {
    return {
      kind: 'current',
      cents: discounted(cents, pct),
      from: day(-f.number.int({ min: 1, max: 20 })),
      to: day(f.number.int({ min: 7, max: 45 })),
      percent: pct,
    };
  }
  if (r < 0.16) {
    return {
      kind: 'current-open',
      cents: discounted(cents, pct),
      from: day(-f.number.int({ min: 1, max: 10 })),
      to: null,
      percent: pct,
    };
  }
  if (r < 0.21) {
    const end = -f.number.int({ min: 2, max: 60 });
    return { kind: 'past', cents: discounted(cents, pct), from: day(end - 30), to: day(end), percent: null };
  }
  if (r < 0.25) {
    const start = f.number.int({ min: 2, max: 30 });
    return { kind: 'future', cents: discounted(cents, pct), from: day(start), to: day(start + 30), percent: null };
  }
  if (r < 0.27) {
    // Same as or above the regular price: the rule "only if lower" must ignore it.
    return {
      kind: 'not-lower',
      cents: cents + f.helpers.arrayElement([0, 1000]),
      from: day(-5),
      to: day(25),
      percent: null,
    };
  }
  return { kind: 'none', cents: null, from: null, to: null, percent: null };
}

/** Seed "today": midnight UTC of the seed's clock, so one day's seeds are identical. */
export function startOfDay(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY) * DAY);
}

export { DAY };
