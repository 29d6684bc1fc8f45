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

/**
 * Whether this product's sizes can be shown in `system`: the product has a size table, and neither the default nor
 * the chosen system maps two of its sizes onto one value (jeans W30 L32 and W30 L34 are both UK 30), which would
 * make them indistinguishable. Products that fail this keep the shop's own labels on every screen.
 */
export function convertsSizes(
  conversion: SizeConversion | undefined,
  labels: readonly string[],
  system: SizeSystem,
): conversion is SizeConversion {
  if (!conversion || Object.keys(conversion).length === 0) return false;
  const distinctIn = (s: SizeSystem) =>
    new Set(labels.map((l) => convertSize(conversion, l, s))).size === labels.length;
  return distinctIn(DEFAULT_SIZE_SYSTEM) && distinctIn(system);
}

/** A size as a size button shows it: its value in the chosen system where the product converts, else its label. */
export function sizeShown(
  conversion: SizeConversion | undefined,
  labels: readonly string[],
  label: string,
  system: SizeSystem,
): string {
  return convertsSizes(conversion, labels, system) ? convertSize(conversion, label, system) : label;
}

/**
 * A chosen size as every screen after the product page names it (cart, mini cart, edit panel, store stock, order
 * detail, order e-mail): in the system the shopper chose, with the system's name, and the EU size beside any other
 * system ("UK 40 (EU 50)"). One text for all of them, so the size a shopper picked never reads as another number.
 */
export function sizeText(
  conversion: SizeConversion | undefined,
  labels: readonly string[],
  label: string,
  system: SizeSystem,
): string {
  if (!convertsSizes(conversion, labels, system)) return label;
  const value = `${SIZE_SYSTEM_LABELS[system]} ${convertSize(conversion, label, system)}`;
  if (system === 'size_eu') return value;
  const eu = conversion[label]?.eu;
  return eu === undefined || eu === null || eu === '' ? value : `${value} (EU ${eu})`;
}
