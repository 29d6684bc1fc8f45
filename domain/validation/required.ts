import { VALIDATION_MESSAGES, type ValidationResult } from './messages.ts';

/** 'Field is required' (spec 001 §5): empty or only whitespace, null and undefined are missing; false is missing too. */
export function isRequired(value: string | number | boolean | null | undefined): ValidationResult {
  if (value === null || value === undefined || value === false) return VALIDATION_MESSAGES.required;
  if (typeof value === 'string' && value.trim() === '') return VALIDATION_MESSAGES.required;
  return null;
}
