import { VALIDATION_MESSAGES, type ValidationResult } from './messages.ts';

// NL: 4 digits not starting with 0, then 2 letters; SA, SD and SS are never issued.
const NL_POSTCODE = /^([1-9]\d{3})\s?([A-Z]{2})$/;
const BE_POSTCODE = /^[1-9]\d{3}$/;
// Other countries (the shop ships to NL and BE; an address book may hold others): 3–10 letters, digits, space, dash.
const OTHER_POSTCODE = /^[A-Z0-9][A-Z0-9 -]{1,8}[A-Z0-9]$/;

// The addition starts with a letter, or follows a space, dash or slash, so '123456' is not 12345 + '6'.
const HOUSE_NUMBER =
  /^[1-9]\d{0,4}(?:[A-Za-z][A-Za-z0-9]{0,5}|\s?[-/]\s?[A-Za-z0-9]{1,6}|\s[A-Za-z0-9]{1,6})?(?:\s[A-Za-z0-9]{1,4})?$/;

/** '1234ab' → '1234 AB' for NL; other countries trimmed and upper-cased. */
export function normalizePostcode(country: string, value: string): string {
  const upper = value.trim().toUpperCase();
  if (country.toUpperCase() === 'NL') {
    const m = NL_POSTCODE.exec(upper);
    if (m) return `${m[1]} ${m[2]}`;
  }
  return upper;
}

/** '1234 ab' → '1234AB': a postcode as a key (the postcode table, a cache of answers per postcode). */
export function compactPostcode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A valid postcode (spec 001 §5): NL "1234 AB" (space optional, any case), BE four digits. */
export function isValidPostcode(country: string, value: string): ValidationResult {
  const code = value.trim().toUpperCase();
  const valid =
    country.toUpperCase() === 'NL'
      ? NL_POSTCODE.test(code) && !/(SA|SD|SS)$/.test(code)
      : country.toUpperCase() === 'BE'
        ? BE_POSTCODE.test(code)
        : OTHER_POSTCODE.test(code);
  return valid ? null : VALIDATION_MESSAGES.postcodeAndHouseNumber;
}

/**
 * A valid house number (spec 001 §5): a number from 1 to 99999, optionally followed by an addition ("12A",
 * "12 A", "12-2", "12 bis", "12 bus 3" in Belgium).
 */
export function isValidHouseNumber(value: string): ValidationResult {
  return HOUSE_NUMBER.test(value.trim()) ? null : VALIDATION_MESSAGES.postcodeAndHouseNumber;
}
