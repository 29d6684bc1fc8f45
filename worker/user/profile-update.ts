import { normalizeProfileUpdate as rule } from '../../src/domain/account/profile-update.ts';
import type { Customer } from './api-types.ts';

/** Spec 000 §5 "Account update" (the rule lives in src/domain/account/profile-update.ts). */
export function normalizeProfileUpdate(customer: Partial<Customer>): Partial<Customer> {
  return rule(customer as Partial<Customer> & Record<string, unknown>);
}
