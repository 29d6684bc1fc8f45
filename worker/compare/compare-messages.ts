/** Texts of the compare list (English source text as `messageKey`; the app shows them in Dutch). The spec has none. */
export const COMPARE_TEXT = {
  full: 'You can compare up to {limit} products. Remove one first.',
} as const;
