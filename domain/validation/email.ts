import { VALIDATION_MESSAGES, type ValidationResult } from './messages.ts';

// Pragmatic, not RFC 5322: one @, no spaces, a dotted domain with a 2+ letter top level. Quoted local parts and IP
// literals are refused on purpose: no shopper uses them, and the mail provider may not either.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** A valid e-mail address (spec 001 §5). Surrounding whitespace is ignored (forms trim it before sending). */
export function isValidEmail(value: string): ValidationResult {
  const message = VALIDATION_MESSAGES.email;
  const email = value.trim();
  if (email.length > 254) return message;
  const [local] = email.split('@');
  if (!EMAIL.test(email) || local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return message;
  }
  return null;
}
