/**
 * The compare list (spec 000 §1 "browse … and compare", page type "compare"; spec 001 §1 "a compare list"): products
 * side by side, kept on the device. The spec names no limit; four columns are what fits a phone scrolled sideways
 * and what Magento's compare sidebar shows, so a fifth is refused rather than pushing the first one out unseen.
 */
export const COMPARE_LIMIT = 4;

export type CompareChange = { list: string[]; outcome: 'added' | 'already' | 'full' };

/** Adds a product (its parent sku) at the end; a product already on the list stays where it is. */
export function addToCompareList(list: readonly string[], sku: string): CompareChange {
  if (list.includes(sku)) return { list: [...list], outcome: 'already' };
  if (list.length >= COMPARE_LIMIT) return { list: [...list], outcome: 'full' };
  return { list: [...list, sku], outcome: 'added' };
}

export function removeFromCompareList(list: readonly string[], sku: string): string[] {
  return list.filter((s) => s !== sku);
}
