import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

/**
 * The newsletter subscriptions (spec 001 §1 footer signup, §2 account "newsletter"): one row per address in
 * `newsletter_subscriptions`, shared by the footer form and the account's opt-in, so one address never has two
 * answers. Status 'pending' (signed up, not yet confirmed), 'subscribed' or 'unsubscribed'.
 */
export const NEWSLETTER = 'newsletter';

export type SubscriptionStatus = 'pending' | 'subscribed' | 'unsubscribed';

export interface Subscription {
  id: number;
  email: string;
  status: SubscriptionStatus;
  contact_id: string;
}

/**
 * The subscription of a customer (by id, or by e-mail regardless of case); the customer's own row first. `forUpdate`
 * locks it for the caller's transaction.
 */
export async function findSubscription(
  db: Queryable,
  by: { customerId?: number; email: string },
  forUpdate = false,
): Promise<Subscription | null> {
  const { rows } = await db.query<Subscription>(
    `select id, email, status, contact_id from newsletter_subscriptions
      where subscription_type = $3 and (customer_id = $1 or lower(email) = lower($2))
      order by (customer_id = $1) desc nulls last, id desc limit 1${forUpdate ? ' for update' : ''}`,
    [by.customerId ?? null, by.email.trim(), NEWSLETTER],
  );
  return rows[0] ?? null;
}

/** The engagement platform's contact of the customer with this address when there is one, else a new contact id. */
export async function contactIdFor(db: Queryable, by: { customerId?: number; email: string }): Promise<string> {
  const { rows } = await db.query<{ contact_id: string }>(
    `select e.contact_id from engagement_contacts e join customers c on c.external_id = e.custom_key
      where c.id = $1 or lower(c.email) = lower($2) limit 1`,
    [by.customerId ?? null, by.email.trim()],
  );
  return rows[0]?.contact_id ?? `ctc_${randomBytes(8).toString('hex')}`;
}
