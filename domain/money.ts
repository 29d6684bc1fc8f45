import { formatDutchEuros } from './dutch-number.ts';

/** Money is integer euro cents everywhere inside the shop; euros only at the API edge (docs/architecture.md "Conventions"). */
export type Cents = number;

/** Euros (API payload, 49.95) to integer cents. Rejects NaN/Infinity so a bad payload never becomes a price. */
export function toCents(euros: number): Cents {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) {
    throw new RangeError(`toCents: not a finite amount: ${String(euros)}`);
  }
  // Rounding the scaled value (not the euros) avoids 0.1 + 0.2 style drift: 49.95 * 100 = 4994.999… → 4995.
  return Math.round(euros * 100);
}

/** Integer cents to a two-decimal euro number for API payloads: 4995 → 49.95. */
export function toEuros(cents: Cents): number {
  return Math.round(cents) / 100;
}

/**
 * Shopper-facing price, two decimals with a comma (spec 000 §9): 4995 → '€ 49,95', as Intl's nl-NL currency format
 * writes it (domain/dutch-number.ts): a no-break space (U+00A0) between sign and amount so the price never wraps;
 * compare with that in tests.
 */
export function formatPrice(cents: Cents): string {
  return formatDutchEuros(toEuros(cents));
}
