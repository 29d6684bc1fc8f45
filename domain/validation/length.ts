import { VALIDATION_MESSAGES, type ValidationResult } from './messages.ts';

export { FIELD_MAX_LENGTHS } from '../../contract/field-lengths.ts';

/** A validator whose message takes params; the form shows it with `t(result, rule.params)`. */
export interface ParamRule {
  (value: string): ValidationResult;
  readonly params: Readonly<Record<string, number>>;
}

/** Maximum lengths of 10, 20, 30 or 40 letters (spec 001 §5); counts code points, so 'é' is one. */
export function maxLength(max: number): ParamRule {
  const rule = (value: string): ValidationResult => ([...value].length > max ? VALIDATION_MESSAGES.maxLength : null);
  return Object.assign(rule, { params: Object.freeze({ max }) });
}

/** Spec 001 §5 "Search term at least 3 characters". */
export const SEARCH_TERM_MIN_LENGTH = 3;

/** Search term at least 3 characters (spec 001 §5), surrounding spaces not counted. */
export function isValidSearchTerm(value: string): ValidationResult {
  return value.trim().length >= SEARCH_TERM_MIN_LENGTH ? null : VALIDATION_MESSAGES.searchTerm;
}
