import { normalizeProfileUpdate as rule } from '../../domain/account/profile-update.ts';
import type { Customer } from './api-types.ts';

/** Spec 000 §5 "Account update" (the rule lives in domain/account/profile-update.ts). */
export function normalizeProfileUpdate(customer: Partial<Customer>): Partial<Customer> {
  return rule(customer as Partial<Customer> & Record<string, unknown>);
}
