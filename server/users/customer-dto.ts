import { toEuros } from '../../domain/money.ts';
import type { PreferencesDto } from './preferences.ts';

/**
 * The customer and address shapes the storefront receives (vue-storefront-api / Magento customer, plus the spec's
 * external_id, group_token, date_of_birth and mobile_number). Rows become these at this one boundary.
 */
export interface AddressDto {
  id: number;
  customer_id: number;
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string;
  country_id: string;
  region: string | null;
  region_id: number | null;
  region_code: string | null;
  telephone: string | null;
  company: string | null;
  is_default: string;
  address_type: 'DELIVERY' | 'BILLING';
  default_shipping: boolean;
  default_billing: boolean;
}

export interface CouponDto {
  code: string;
  kind: string;
  description: string;
  discount_type: 'percent' | 'fixed';
  /** Percent, or euros for a fixed discount. */
  discount_value: number;
  min_subtotal: number;
  valid_from: string | null;
  valid_to: string | null;
  /** Active, inside its window and not used yet. */
  is_valid: boolean;
  personal: boolean;
  added_at: string | null;
  used_at: string | null;
}

export interface CustomerDto {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  group_id: number;
  group_token: string;
  external_id: string;
  date_of_birth: string | null;
  mobile_number: string | null;
  store_id: number;
  website_id: number;
  default_shipping?: string;
  default_billing?: string;
  preferences: PreferencesDto;
  created_at: string;
  updated_at: string;
  addresses: AddressDto[];
  coupons: CouponDto[];
}

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
export type AddressRow = AddressDto;

export interface CouponRow {
  code: string;
  kind: string;
  description: string;
  discount_type: 'percent' | 'fixed';
  discount_value: number;
  min_subtotal_cents: number;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
  is_active: boolean;
  customer_id: number | null;
  added_at: Date | string | null;
  used_at: Date | string | null;
}

export const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export function toAddressDto(row: AddressRow): AddressDto {
  return {
    id: row.id,
    customer_id: row.customer_id,
    firstname: row.firstname,
    lastname: row.lastname,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
    country_id: row.country_id.trim(),
    region: row.region,
    region_id: row.region_id,
    region_code: row.region_code,
    telephone: row.telephone,
    company: row.company,
    is_default: row.is_default,
    address_type: row.address_type,
    default_shipping: row.default_shipping,
    default_billing: row.default_billing,
  };
}

export function toCouponDto(row: CouponRow, now: Date): CouponDto {
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
  coupons: CouponRow[],
  preferences: PreferencesDto,
  now: Date,
): CustomerDto {
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
