import { VALIDATION_MESSAGES, type ValidationResult } from './messages.ts';

/** The oldest birth year the form accepts: older entries are typing errors, not customers. */
export const OLDEST_BIRTH_YEAR = 1900;

/** Reads 'YYYY-MM-DD' (date inputs, the API) or the Dutch 'D-M-YYYY' / 'DD-MM-YYYY' / 'DD/MM/YYYY'. */
export function parseDateOfBirth(value: string): { year: number; month: number; day: number } | null {
  const v = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dutch
      ? [Number(dutch[3]), Number(dutch[2]), Number(dutch[1])]
      : [0, 0, 0];
  if (!year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31-2 over into March; a real calendar date survives the round trip.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** A valid date of birth (spec 001 §5): a real calendar date, not after today, not before 1900. */
export function isValidDateOfBirth(value: string, today: Date = new Date()): ValidationResult {
  const d = parseDateOfBirth(value);
  if (!d || d.year < OLDEST_BIRTH_YEAR) return VALIDATION_MESSAGES.dateOfBirth;
  const birth = Date.UTC(d.year, d.month - 1, d.day);
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return birth > now ? VALIDATION_MESSAGES.dateOfBirth : null;
}
