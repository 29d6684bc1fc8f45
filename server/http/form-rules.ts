import {
  isStrongPassword,
  isValidDateOfBirth,
  isValidEmail,
  isValidMobile,
  isValidName,
  isValidPostcode,
  type ValidationResult,
} from '../../domain/validation/index.ts';
import { VALIDATION_TEXTS_NL } from '../../domain/validation/messages.ts';
import { badRequest } from './envelope.ts';
import type { AddressInput } from '../../contract/customer.ts';

/**
 * The form rules of spec 001 §5, enforced on the server with the same module the forms use. A rule answers a
 * message key (the spec's English text); the answer carries its Dutch text (domain/validation/messages.ts), after the
 * field: "body.customer.email: Vul een geldig e-mailadres in.".
 *
 * Names follow isValidName (letters, spaces, ' ’ . -), so HTML/script in a name is refused with a 400; SQL
 * metacharacters that names really use (O'Brien) are stored as plain text (every query is parameterised).
 */
const dutch = (key: NonNullable<ValidationResult>): string => VALIDATION_TEXTS_NL[key];

function check(field: string, problem: ValidationResult): void {
  if (problem) throw badRequest(`${field}: ${dutch(problem)}`);
}

/** The Dutch text of a weak password, or null (create-password and change-password answer it on their own). */
export function passwordProblem(password: string): string | null {
  const problem = isStrongPassword(password);
  return problem ? dutch(problem) : null;
}

export const checkEmail = (field: string, value: string) => check(field, isValidEmail(value));
export const checkPassword = (field: string, value: string) => check(field, isStrongPassword(value));
export const checkName = (field: string, value: string) => check(field, isValidName(value));
export const checkMobile = (field: string, value: string) => check(field, isValidMobile(value));
export const checkDateOfBirth = (field: string, value: string, today: Date) =>
  check(field, isValidDateOfBirth(value, today));

export function checkAddresses(field: string, addresses: AddressInput[]): void {
  addresses.forEach((address, i) => {
    checkName(`${field}.${i}.firstname`, address.firstname);
    checkName(`${field}.${i}.lastname`, address.lastname);
    check(`${field}.${i}.postcode`, isValidPostcode(address.country_id, address.postcode));
  });
}
