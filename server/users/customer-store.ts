import type { AddressInput, Customer } from '../../contract/customer.ts';
import type { Queryable } from '../db/index.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import { notFound } from '../http/envelope.ts';
import { normalizePostcode } from '../../domain/validation/index.ts';
import { MESSAGES } from './messages.ts';
import { loadPreferences } from './preferences.ts';
import { toCustomerDto, type AddressRow, type CustomerCouponRow, type CustomerRow } from './customer-dto.ts';

const CUSTOMER_COLUMNS = `id, email, firstname, lastname, group_id, group_token, external_id,
  to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth, mobile_number, preferences, created_at, updated_at`;

export async function loadCustomer(db: Queryable, customerId: number, now: Date): Promise<Customer> {
  const customer = (
    await db.query<CustomerRow>(`select ${CUSTOMER_COLUMNS} from customers where id = $1`, [customerId])
  ).rows[0];
  if (!customer) throw notFound('Klant niet gevonden');
  const addresses = await db.query<AddressRow>('select * from customer_addresses where customer_id = $1 order by id', [
    customerId,
  ]);
  // Coupons the customer added plus personal coupons issued to him (spec 001: coupons-overview).
  const coupons = await db.query<CustomerCouponRow>(
    `select c.code, c.kind, c.description, c.discount_type, c.discount_value, c.min_subtotal_cents, c.valid_from,
            c.valid_to, c.is_active, c.customer_id, cc.added_at, cc.used_at
       from coupons c
       left join customer_coupons cc on cc.coupon_code = c.code and cc.customer_id = $1
      where cc.customer_id = $1 or c.customer_id = $1
      order by cc.added_at desc nulls last, c.code`,
    [customerId],
  );
  return toCustomerDto(customer, addresses.rows, coupons.rows, await loadPreferences(db, customer), now);
}

export async function findCustomerIdByEmail(
  db: Queryable,
  email: string,
): Promise<{ id: number; password_hash: string } | null> {
  const { rows } = await db.query<{ id: number; password_hash: string }>(
    'select id, password_hash from customers where lower(email) = lower($1)',
    [email.trim()],
  );
  return rows[0] ?? null;
}

export interface NewCustomer {
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string;
}

export async function insertCustomer(db: Queryable, input: NewCustomer, now: Date): Promise<number> {
  // The external id (the engagement platform's customer key) follows the seed's 'OFM-C-<number>' form; web
  // registrations count from 5 000 000 so they never meet seeded numbers.
  const { rows } = await db.query<{ id: number }>(
    `insert into customers (id, email, firstname, lastname, password_hash, group_token, external_id, created_at, updated_at)
     select n, $1, $2, $3, $4, $5, 'OFM-C-' || (5000000 + n), $6, $6 from (select nextval('customers_id_seq')::int as n) s
     returning id`,
    [input.email.trim(), input.firstname, input.lastname, input.passwordHash, newOpaqueToken(16), now.toISOString()],
  );
  return rows[0].id;
}

export interface ProfilePatch {
  email: string;
  firstname: string;
  lastname: string;
  /** undefined: leave as is; null: clear. */
  date_of_birth?: string | null;
  mobile_number?: string | null;
}

export async function updateProfile(db: Queryable, customerId: number, patch: ProfilePatch, now: Date): Promise<void> {
  await db.query(
    `update customers set email = $2, firstname = $3, lastname = $4,
        date_of_birth = case when $5::boolean then $6::date else date_of_birth end,
        mobile_number = case when $7::boolean then $8 else mobile_number end,
        updated_at = $9
      where id = $1`,
    [
      customerId,
      patch.email.trim(),
      patch.firstname,
      patch.lastname,
      patch.date_of_birth !== undefined,
      patch.date_of_birth ?? null,
      patch.mobile_number !== undefined,
      patch.mobile_number ?? null,
      now.toISOString(),
    ],
  );
}

export async function updatePasswordHash(
  db: Queryable,
  customerId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.query('update customers set password_hash = $2, updated_at = $3 where id = $1', [
    customerId,
    passwordHash,
    now.toISOString(),
  ]);
}

function addressValues(a: AddressInput) {
  const region = typeof a.region === 'object' && a.region !== null ? a.region : undefined;
  return [
    a.firstname,
    a.lastname,
    a.street,
    a.city,
    normalizePostcode(a.country_id, a.postcode),
    a.country_id.toUpperCase(),
    (region ? region.region : (a.region as string | null | undefined)) ?? null,
    a.region_id ?? region?.region_id ?? null,
    a.region_code ?? region?.region_code ?? null,
    a.telephone ?? null,
    a.company ?? null,
    a.middlename ?? null,
    a.vat_id ?? null,
    a.is_default ?? '0',
    a.address_type ?? 'DELIVERY',
    a.default_shipping ?? false,
    a.default_billing ?? false,
  ];
}

const ADDRESS_FIELDS = `firstname, lastname, street, city, postcode, country_id, region, region_id, region_code, telephone,
  company, middlename, vat_id, is_default, address_type, default_shipping, default_billing`;

/**
 * Upserts the given addresses: one with an id must be the customer's own (else 404, never another customer's data);
 * one without id is inserted unless an identical address already exists, so a profile update that is retried (the
 * queue retries after a token refresh) does not duplicate it. Addresses left out are kept: removal is DELETE address.
 */
export async function saveAddresses(db: Queryable, customerId: number, addresses: AddressInput[]): Promise<void> {
  for (const address of addresses) {
    const id = address.id ?? address.address_id;
    const values = addressValues(address);
    let savedId: number;
    if (id !== undefined) {
      const { rows } = await db.query<{ id: number }>(
        `update customer_addresses set (${ADDRESS_FIELDS}) = ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
          where id = $1 and customer_id = $2 returning id`,
        [id, customerId, ...values],
      );
      if (!rows[0]) throw notFound(MESSAGES.addressNotFound);
      savedId = id;
    } else {
      const same = await db.query<{ id: number }>(
        `select id from customer_addresses
          where customer_id = $1 and firstname = $2 and lastname = $3 and street = $4::text[] and city = $5
            and postcode = $6 and country_id = $7 limit 1`,
        [customerId, ...values.slice(0, 6)],
      );
      if (same.rows[0]) {
        savedId = same.rows[0].id;
      } else {
        const { rows } = await db.query<{ id: number }>(
          `insert into customer_addresses (customer_id, ${ADDRESS_FIELDS})
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
          [customerId, ...values],
        );
        savedId = rows[0].id;
      }
    }
    // One default per kind: the address that claims it takes it from the others, and is_default ('1' for a
    // default shipping or billing address, spec 001 §3) follows, so an address that lost its claim is no default.
    if (address.default_shipping) {
      await db.query('update customer_addresses set default_shipping = (id = $2) where customer_id = $1', [
        customerId,
        savedId,
      ]);
    }
    if (address.default_billing) {
      await db.query('update customer_addresses set default_billing = (id = $2) where customer_id = $1', [
        customerId,
        savedId,
      ]);
    }
    if (address.default_shipping || address.default_billing) {
      await db.query(
        `update customer_addresses set is_default = case when default_shipping or default_billing then '1' else '0' end
          where customer_id = $1 and id <> $2`,
        [customerId, savedId],
      );
    }
  }
}

/** Deletes the customer's own address; any other id (someone else's, or none) is a 404. */
export async function deleteAddress(db: Queryable, customerId: number, addressId: number): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    'delete from customer_addresses where id = $1 and customer_id = $2 returning id',
    [addressId, customerId],
  );
  if (!rows[0]) throw notFound(MESSAGES.addressNotFound);
}
