import { toEuros } from '../../domain/money.ts';
import type { Address, Coupon, Customer, Preferences } from '../../contract/customer.ts';
import type { CouponRow } from '../pricing/coupons.ts';

/** Rows become the customer, address and coupon wire shapes (contract/customer.ts) at this one boundary. */
export interface CustomerRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  group_id: number;
  group_token: string;
  external_id: string;
  date_of_birth: string | null;
  mobile_number: string | null;
  preferences: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A `customer_addresses` row has the DTO's columns (country_id padded: char(2)); `select *` may bring more. */
export type AddressRow = Address;

/** A coupon of the customer's overview: the coupon's columns and, when he added or used it, his `customer_coupons` row's. */
export interface CustomerCouponRow extends Omit<CouponRow, 'category_ids'> {
  added_at: Date | string | null;
  used_at: Date | string | null;
}

export const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export function toAddressDto(row: AddressRow): Address {
  return {
    id: row.id,
    customer_id: row.customer_id,
    firstname: row.firstname,
    lastname: row.lastname,
    middlename: row.middlename ?? null,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
    country_id: row.country_id.trim(),
    region: row.region,
    region_id: row.region_id,
    region_code: row.region_code,
    telephone: row.telephone,
    company: row.company,
    vat_id: row.vat_id ?? null,
    is_default: row.is_default,
    address_type: row.address_type,
    default_shipping: row.default_shipping,
    default_billing: row.default_billing,
  };
}

export function toCouponDto(row: CustomerCouponRow, now: Date): Coupon {
  const from = row.valid_from ? new Date(row.valid_from) : null;
  const to = row.valid_to ? new Date(row.valid_to) : null;
  const inWindow = (!from || from <= now) && (!to || to > now);
  return {
    code: row.code,
    kind: row.kind,
    description: row.description,
    discount_type: row.discount_type,
    discount_value: row.discount_type === 'fixed' ? toEuros(row.discount_value) : row.discount_value,
    min_subtotal: toEuros(row.min_subtotal_cents),
    valid_from: iso(row.valid_from),
    valid_to: iso(row.valid_to),
    is_valid: row.is_active && inWindow && !row.used_at,
    personal: row.customer_id !== null,
    added_at: iso(row.added_at),
    used_at: iso(row.used_at),
  };
}

export function toCustomerDto(
  row: CustomerRow,
  addresses: AddressRow[],
  coupons: CustomerCouponRow[],
  preferences: Preferences,
  now: Date,
): Customer {
  const shipping = addresses.find((a) => a.default_shipping);
  const billing = addresses.find((a) => a.default_billing);
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    group_id: row.group_id,
    group_token: row.group_token,
    external_id: row.external_id,
    date_of_birth: row.date_of_birth,
    mobile_number: row.mobile_number,
    store_id: 1,
    website_id: 1,
    ...(shipping ? { default_shipping: String(shipping.id) } : {}),
    ...(billing ? { default_billing: String(billing.id) } : {}),
    preferences,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    addresses: addresses.map(toAddressDto),
    coupons: coupons.map((c) => toCouponDto(c, now)),
  };
}
