import { isRequired, isStrongPassword, isValidEmail, passwordsMatch } from '../../../domain/validation/index.ts';
import { nameProblem, type Errors } from '../../lib/address-form.ts';

/** Field → message key (spec 001 §5 texts, translated by the catalogue); the rules are the shared domain ones. */
export type { Errors };

/** The named values of a submitted form, as text. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));
}

function collect(checks: Record<string, string | null>): Errors {
  return Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => e[1] !== null));
}

export function validateLogin(v: Record<string, string>): Errors {
  const email = (v.email ?? '').trim();
  return collect({
    email: isRequired(email) ?? isValidEmail(email),
    password: isRequired(v.password ?? ''),
  });
}

export function validateRegister(v: Record<string, string>): Errors {
  const email = (v.email ?? '').trim();
  return {
    ...collect({
      firstname: nameProblem(v.firstname ?? '', 'firstname'),
      lastname: nameProblem(v.lastname ?? '', 'lastname'),
      email: isRequired(email) ?? isValidEmail(email),
    }),
    ...validateNewPassword(v),
  };
}

/** A new password as registration, the reset link and a password change ask for it: `password` twice. */
export function validateNewPassword(v: Record<string, string>): Errors {
  return collect({
    password: isRequired(v.password ?? '') ?? isStrongPassword(v.password ?? ''),
    password2: passwordsMatch(v.password ?? '', v.password2 ?? ''),
  });
}

/** Change password (Persoonlijke gegevens): the current password and the new one twice. */
export function validatePasswordChange(v: Record<string, string>): Errors {
  return { ...collect({ currentPassword: isRequired(v.currentPassword ?? '') }), ...validateNewPassword(v) };
}
