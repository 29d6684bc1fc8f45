/** Spec 000 §9: size systems EU, UK, US, CM; spec 001 §3: size_conversion defaults to size_uk. */
export const SIZE_SYSTEMS = ['uk', 'eu', 'us', 'cm'] as const;
export type SizeSystem = (typeof SIZE_SYSTEMS)[number];
export const DEFAULT_SIZE_SYSTEM: SizeSystem = 'uk';

export type SizeConversion = Record<string, Partial<Record<SizeSystem, string | number>>>;

/** The size label in the chosen system, or the shop's own label when the product has no conversion for it. */
export function convertSize(conversion: SizeConversion | undefined, label: string, system: SizeSystem): string {
  const v = conversion?.[label]?.[system];
  return v === undefined || v === null || v === '' ? label : String(v);
}
