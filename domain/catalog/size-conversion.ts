/** Size systems of spec 000 §9, as the product's size_conversion state names them (spec 001 §3). */
export type SizeSystem = 'size_eu' | 'size_uk' | 'size_us' | 'size_cm';

export const SIZE_SYSTEMS: readonly SizeSystem[] = Object.freeze(['size_eu', 'size_uk', 'size_us', 'size_cm']);

/** Size conversion default size_uk (spec 001 §3 "Product state"). */
export const DEFAULT_SIZE_SYSTEM: SizeSystem = 'size_uk';

export const SIZE_SYSTEM_LABELS: Readonly<Record<SizeSystem, string>> = Object.freeze({
  size_eu: 'EU',
  size_uk: 'UK',
  size_us: 'US',
  size_cm: 'CM',
});

/**
 * A product's own size table from the catalogue: the shop's size label → its value per system, keyed by the
 * system's short name (`{ M: { eu: '50', uk: '40', us: '40', cm: '100' } }`). Sizes differ per kind of product
 * (suits, jeans, shoes), so the table travels with the product instead of being one table for the shop.
 */
export type SizeConversion = Record<string, Partial<Record<string, string | number>>>;

/** The size label in the chosen system, or the shop's own label when the product has no conversion for it. */
export function convertSize(conversion: SizeConversion | undefined, label: string, system: SizeSystem): string {
  const value = conversion?.[label]?.[system.slice('size_'.length)];
  return value === undefined || value === null || value === '' ? label : String(value);
}

/** Accepts a stored or chosen system; anything unknown falls back to the default system. */
export function parseSizeSystem(value: string | null | undefined): SizeSystem {
  return (SIZE_SYSTEMS as readonly string[]).includes(value ?? '') ? (value as SizeSystem) : DEFAULT_SIZE_SYSTEM;
}
