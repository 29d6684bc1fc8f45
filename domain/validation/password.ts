import { VALIDATION_MESSAGES, type ValidationResult } from './messages.ts';

export const PASSWORD_MIN_LENGTH = 8;

/** How many of the four classes (lower, upper, digits, special) a password uses. Letters count in any script. */
export function passwordClassCount(value: string): number {
  let count = 0;
  if (/\p{Ll}/u.test(value)) count++;
  if (/\p{Lu}/u.test(value)) count++;
  if (/\p{Nd}/u.test(value)) count++;
  if (/[^\p{L}\p{Nd}\s]/u.test(value)) count++;
  return count;
}

/** Password: at least 8 characters and at least 3 of 4 classes (spec 001 §5). Length counts code points. */
export function isStrongPassword(value: string): ValidationResult {
  if ([...value].length < PASSWORD_MIN_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  if (passwordClassCount(value) < 3) return VALIDATION_MESSAGES.passwordWeak;
  return null;
}

/** The two passwords must be identical (spec 001 §5); compared exactly, no trimming. */
export function passwordsMatch(password: string, repeat: string): ValidationResult {
  return password === repeat ? null : VALIDATION_MESSAGES.passwordsDiffer;
}
