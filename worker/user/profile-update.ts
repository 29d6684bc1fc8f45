import type { Customer } from './api-types.ts';

/**
 * Spec 000 §5 "Account update": an empty date_of_birth is dropped; an empty mobile_number is replaced by a dash.
 * A seam for src/domain/account/profile-update.ts (the shared rule) until it lands.
 */
export function normalizeProfileUpdate(customer: Partial<Customer>): Partial<Customer> {
  const out: Partial<Customer> = { ...customer };
  if (out.date_of_birth === '' || out.date_of_birth === null) delete out.date_of_birth;
  if (out.mobile_number === '' || out.mobile_number === null) out.mobile_number = '-';
  return out;
}
