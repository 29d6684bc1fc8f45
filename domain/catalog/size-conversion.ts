/** Size systems of spec 000 §9, as the product's size_conversion state names them (spec 001 §3). */
export type SizeSystem = 'size_eu' | 'size_uk' | 'size_us' | 'size_cm';

export const SIZE_SYSTEMS: readonly SizeSystem[] = Object.freeze(['size_eu', 'size_uk', 'size_us', 'size_cm']);

/** Size conversion default size_uk (spec 001 §9). */
export const DEFAULT_SIZE_SYSTEM: SizeSystem = 'size_uk';

export const SIZE_SYSTEM_LABELS: Readonly<Record<SizeSystem, string>> = Object.freeze({
  size_eu: 'EU',
  size_uk: 'UK',
  size_us: 'US',
  size_cm: 'CM',
});

type Row = Readonly<Record<SizeSystem, string>>;

/**
 * Men's shoe sizes (the size guide the spec names is not shown; this is the common men's table: US = UK + 1, CM the
 * foot length). One row per UK size, the system the shop uses by default.
 */
export const MENS_SHOE_SIZES: readonly Row[] = Object.freeze(
  (
    [
      ['38', '5', '6', '24'],
      ['39', '5.5', '6.5', '24.5'],
      ['39.5', '6', '7', '25'],
      ['40', '6.5', '7.5', '25.5'],
      ['41', '7', '8', '26'],
      ['41.5', '7.5', '8.5', '26.5'],
      ['42', '8', '9', '27'],
      ['42.5', '8.5', '9.5', '27.5'],
      ['43', '9', '10', '28'],
      ['44', '9.5', '10.5', '28.5'],
      ['44.5', '10', '11', '29'],
      ['45', '10.5', '11.5', '29.5'],
      ['46', '11', '12', '30'],
      ['47', '12', '13', '31'],
      ['48', '13', '14', '32'],
    ] as const
  ).map(([size_eu, size_uk, size_us, size_cm]) => Object.freeze({ size_eu, size_uk, size_us, size_cm })),
);

/** '9,5' and '9.5' are the same size; Dutch shoppers type a comma. */
function normalize(value: string | number): string {
  return String(value).trim().replace(',', '.');
}

/** Converts a size between systems; null when the size is not in the table (clothing sizes are not converted). */
export function convertSize(value: string | number, from: SizeSystem, to: SizeSystem, table: readonly Row[] = MENS_SHOE_SIZES): string | null {
  const v = normalize(value);
  const row = table.find((r) => r[from] === v);
  return row ? row[to] : null;
}

/** Accepts a stored preference; anything unknown falls back to the default system. */
export function parseSizeSystem(value: string | null | undefined): SizeSystem {
  return (SIZE_SYSTEMS as readonly string[]).includes(value ?? '') ? (value as SizeSystem) : DEFAULT_SIZE_SYSTEM;
}
