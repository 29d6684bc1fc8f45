import { hashPassword } from '../auth/password.ts';
import type { Queryable } from '../db/index.ts';
import { insertRows, json } from './batch.ts';
import { DEMO_ADDRESSES, DEMO_CUSTOMER } from './demo-customer.ts';

/** Creates the demo customer with its two addresses; returns its id. */
export async function seedDemoCustomer(q: Queryable, now: Date): Promise<number> {
  const hash = await hashPassword(DEMO_CUSTOMER.password);
  const created = new Date(now.getTime() - 800 * 86_400_000).toISOString();
  const { rows } = await q.query<{ id: number }>(
    `insert into customers (email, firstname, lastname, password_hash, group_id, group_token, external_id, date_of_birth,
       mobile_number, preferences, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $11) returning id`,
    [
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.firstname,
      DEMO_CUSTOMER.lastname,
      hash,
      DEMO_CUSTOMER.groupId,
      DEMO_CUSTOMER.groupToken,
      DEMO_CUSTOMER.externalId,
      DEMO_CUSTOMER.dateOfBirth,
      DEMO_CUSTOMER.mobileNumber,
      json({
        newsletter: true,
        favoriteStore: 'ofm-amsterdam-kalverstraat',
        sizes: { shirt: 'L', jeans: 'W32 L34', shoes: '43' },
      }),
      created,
    ],
  );
  const id = rows[0].id;
  await insertRows(
    q,
    'customer_addresses',
    [
      'customer_id',
      'firstname',
      'lastname',
      'street:text[]',
      'city',
      'postcode',
      'country_id',
      'telephone',
      'company',
      'is_default',
      'address_type',
      'default_shipping',
      'default_billing',
    ],
    DEMO_ADDRESSES.map((a) => [
      id,
      a.firstname,
      a.lastname,
      [...a.street],
      a.city,
      a.postcode,
      a.countryId,
      a.telephone,
      'company' in a ? a.company : null,
      a.isDefault,
      a.addressType,
      a.defaultShipping,
      a.defaultBilling,
    ]),
  );
  return id;
}
