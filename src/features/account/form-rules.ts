/**
 * Field checks for the login and register forms, returning the spec 001 §5 message keys. Temporary home until the
 * shared validation module in src/domain/validation lands; then these delegate to it.
 */
export type Errors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function passwordClasses(pw: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(pw)).length;
}

export function validateLogin(v: Record<string, string>): Errors {
  const e: Errors = {};
  if (!v.email?.trim()) e.email = 'Field is required';
  else if (!EMAIL.test(v.email.trim())) e.email = 'Please provide a valid e-mail address.';
  if (!v.password) e.password = 'Field is required';
  return e;
}

export function validateRegister(v: Record<string, string>): Errors {
  const e = validateLogin(v);
  for (const k of ['firstname', 'lastname']) {
    if (!v[k]?.trim()) e[k] = 'Field is required';
    else if (v[k].trim().replace(/[^\p{L}]/gu, '').length < 2) e[k] = 'Name must have at least 2 letters.';
  }
  if (v.password && v.password.length < 8) e.password = 'Password must have at least 8 characters.';
  else if (v.password && passwordClasses(v.password) < 3)
    e.password = 'Password must contain at least 3 of: lowercase letters, uppercase letters, digits, special characters.';
  if (v.password2 !== v.password) e.password2 = 'Passwords must be identical.';
  return e;
}
