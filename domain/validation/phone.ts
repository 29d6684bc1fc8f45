import { VALIDATION_MESSAGES, type ValidationResult } from './messages.ts';

/** Spaces, dashes, dots, slashes and brackets are how people write numbers, not part of them. */
export function normalizePhone(value: string): string {
  return value.trim().replace(/[\s\-./()]/g, '');
}

/**
 * Mobile number: 10 to 16 digits, starting with 0 or +31 (spec 001 §5). The BE storefront's customers have +32
 * numbers, so +32 is accepted too (a documented extension of the spec's rule); the shown message stays the spec's.
 */
export function isValidMobile(value: string): ValidationResult {
  const phone = normalizePhone(value);
  const digits = phone.startsWith('+') ? phone.slice(1) : phone;
  if (!/^\d+$/.test(digits) || digits.length < 10 || digits.length > 16) return VALIDATION_MESSAGES.mobile;
  if (!(phone.startsWith('0') || phone.startsWith('+31') || phone.startsWith('+32'))) return VALIDATION_MESSAGES.mobile;
  return null;
}
