/**
 * Numbers as Dutch shoppers read them, exactly as `Intl.NumberFormat('nl-NL')` writes them: '.' between thousands,
 * ',' before the decimals, halves rounded away from zero on the number's shortest decimal form. Written out here
 * because the first `Intl.NumberFormat` of a page loads ICU's locale data: ~80 ms of the app's start on a slow phone
 * (Lighthouse's 4× CPU), in one task (docs/server-rendering.md → Starting the app). The unit test holds these
 * functions to Intl's output.
 */

/** `value` rounded to `digits` decimals, halves away from zero, on its shortest decimal form (1.45 → 1.5, as Intl). */
function roundHalfExpand(value: number, digits: number): number {
  const magnitude = Math.abs(value);
  // Shifting by the exponent in the string keeps the decimal digits the number prints with (1.45, not 1.4499…).
  const rounded = Number(`${Math.round(Number(`${magnitude}e${digits}`))}e-${digits}`);
  return value < 0 ? -rounded : rounded;
}

/**
 * `value` with at least `minFraction` and at most `maxFraction` decimals ('12.480', '8,9', '1,25'). For the amounts a
 * shop shows (below 10^15); a negative value keeps its sign when it rounds to zero ('-0,00'), as Intl's does.
 */
export function formatDutchNumber(value: number, minFraction = 0, maxFraction = Math.max(minFraction, 3)): string {
  const rounded = roundHalfExpand(value, maxFraction);
  const [whole, fraction = ''] = Math.abs(rounded).toFixed(maxFraction).split('.');
  let decimals = fraction;
  while (decimals.length > minFraction && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** Euros as Intl's nl-NL currency format writes them: '€ 49,95', '€ -5,00', '€ 1.234,50' (a no-break space, U+00A0). */
export function formatDutchEuros(euros: number, fractionDigits = 2): string {
  return `€\u00a0${formatDutchNumber(euros, fractionDigits, fractionDigits)}`;
}
