import { VALIDATION_MESSAGES, type ValidationResult } from './messages.ts';

// Letters in any script plus the marks names really use: "Jan-Willem", "O'Neil", "van der Berg", "St. Clair", "Zoë".
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}\s'’.-]*$/u;

/**
 * Name: at least 2 letters (spec 001 §5; "a variant says 3" — pass minLetters 3 for that form, which then shows the
 * 3-letter message). Digits and other symbols make a name invalid.
 */
export function isValidName(value: string, minLetters: 2 | 3 = 2): ValidationResult {
  const message = minLetters === 3 ? VALIDATION_MESSAGES.nameLong : VALIDATION_MESSAGES.name;
  const name = value.trim();
  if (!NAME.test(name)) return message;
  const letters = name.match(/\p{L}/gu)?.length ?? 0;
  return letters >= minLetters ? null : message;
}
