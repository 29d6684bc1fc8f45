import type { Preferences, PreferencesUpdate } from '../../contract/customer.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/envelope.ts';
import { NEWSLETTER, contactIdFor, findSubscription } from '../newsletter/subscriptions.ts';

/**
 * The customer's shop preferences (spec 001 §2 account screens "newsletter, preferences, brands, store"; modals
 * "store select", "brand select"): a favourite store from the store locator, favourite brands (option values of the
 * catalogue's `brand` attribute) and the newsletter opt-in.
 *
 * Store and brands live in `customers.preferences` (jsonb, already in the schema). The newsletter opt-in lives in
 * `newsletter_subscriptions`, the table the footer signup uses, so one address never has two answers (a footer signup
 * still waiting for its confirmation counts as not subscribed). The wire shape is contract/customer.ts `Preferences`.
 */

/**
 * Reads the preferences. The seeded demo customer carries the older shape `{ favoriteStore: slug, newsletter }`
 * (the engagement platform's favstore); a slug is resolved to the store id so that customer sees his store too.
 */
export async function loadPreferences(
  db: Queryable,
  customer: { id: number; email: string; preferences: Record<string, unknown> | null },
): Promise<Preferences> {
  const stored = customer.preferences ?? {};
  let storeId = typeof stored.favorite_store_id === 'number' ? stored.favorite_store_id : null;
  if (storeId === null && typeof stored.favoriteStore === 'string') {
    const { rows } = await db.query<{ id: number }>('select id from store_locations where slug = $1', [
      stored.favoriteStore,
    ]);
    storeId = rows[0]?.id ?? null;
  }
  const brands = Array.isArray(stored.favorite_brands)
    ? stored.favorite_brands.filter((b): b is number => Number.isInteger(b))
    : [];
  const subscription = await findSubscription(db, { customerId: customer.id, email: customer.email });
  return {
    favorite_store_id: storeId,
    favorite_brands: brands,
    // No subscription row yet: what the account itself recorded (the seed stores `newsletter: true` there).
    newsletter: subscription ? subscription.status === 'subscribed' : stored.newsletter === true,
  };
}

/**
 * An unknown store id or brand option is a 400 naming the field (the JSON schema already checked the types), so a
 * stale client cannot store a preference the shop cannot show.
 */
export async function checkPreferences(db: Queryable, field: string, input: PreferencesUpdate): Promise<void> {
  if (input.favorite_store_id != null) {
    const { rows } = await db.query('select 1 from store_locations where id = $1', [input.favorite_store_id]);
    if (!rows[0]) throw badRequest(`${field}.favorite_store_id: onbekende winkel ${input.favorite_store_id}`);
  }
  const brands = [...new Set(input.favorite_brands ?? [])];
  if (brands.length) {
    const { rows } = await db.query<{ value: string }>(
      `select o.value from attribute_options o join attributes a on a.attribute_id = o.attribute_id
        where a.attribute_code = 'brand' and o.value = any($1::text[])`,
      [brands.map(String)],
    );
    const known = new Set(rows.map((r) => Number(r.value)));
    const unknown = brands.find((b) => !known.has(b));
    if (unknown !== undefined) throw badRequest(`${field}.favorite_brands: onbekend merk ${unknown}`);
  }
}

/** Stores the given keys; keys left out keep their value. */
export async function savePreferences(
  db: Queryable,
  customer: { id: number; email: string },
  input: PreferencesUpdate,
  now: Date,
): Promise<void> {
  const patch: Record<string, unknown> = {};
  if (input.favorite_store_id !== undefined) patch.favorite_store_id = input.favorite_store_id;
  if (input.favorite_brands !== undefined) patch.favorite_brands = [...new Set(input.favorite_brands)];
  if (input.newsletter !== undefined) patch.newsletter = input.newsletter;
  if (Object.keys(patch).length) {
    // The slug form is replaced by the id once the customer chose a store himself.
    const drop = input.favorite_store_id !== undefined ? 'favoriteStore' : '';
    await db.query(`update customers set preferences = (preferences - $3::text) || $2::jsonb where id = $1`, [
      customer.id,
      JSON.stringify(patch),
      drop,
    ]);
  }
  if (input.newsletter !== undefined) await saveSubscription(db, customer, input.newsletter, now);
}

async function saveSubscription(
  db: Queryable,
  customer: { id: number; email: string },
  subscribed: boolean,
  now: Date,
): Promise<void> {
  const status = subscribed ? 'subscribed' : 'unsubscribed';
  const by = { customerId: customer.id, email: customer.email };
  const existing = await findSubscription(db, by);
  if (existing) {
    // The account's own choice settles a pending footer signup too; a confirmation link sent earlier dies with it.
    await db.query(
      `update newsletter_subscriptions set status = $2, customer_id = $3, confirm_token_hash = null,
              confirmed_at = case when $2 = 'subscribed' then coalesce(confirmed_at, $4) else confirmed_at end
        where id = $1`,
      [existing.id, status, customer.id, now.toISOString()],
    );
    return;
  }
  if (!subscribed) return;
  const contactId = await contactIdFor(db, by);
  await db.query(
    `insert into newsletter_subscriptions (email, customer_id, subscription_type, contact_id, status, created_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (email, subscription_type) do update set status = excluded.status, customer_id = excluded.customer_id`,
    [customer.email.trim(), customer.id, NEWSLETTER, contactId, status, now.toISOString()],
  );
}
