import { Type, type Static } from 'typebox';
import { FIELD_MAX_LENGTHS as MAX } from './field-lengths.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

/**
 * Customer, address, preferences and coupon on the wire (spec 001 §3, docs/api.md "Users"): the shapes the account
 * calls answer, and the address and preferences the worker sends with `POST me` and `create`.
 */

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const nullableText = (maxLength: number) => Nullable(Type.String({ maxLength }));
const id = () => Type.Integer({ minimum: 1 });

/** Spec 001 §3: DELIVERY (default) or BILLING. */
export const AddressType = StringEnum(['DELIVERY', 'BILLING'] as const);
export type AddressType = Static<typeof AddressType>;

/**
 * An address as the storefront sends it. Extra properties are allowed because the storefront sends whole
 * vue-storefront objects; `region` may come as Magento's `{ region, region_code, region_id }`.
 */
export const AddressInput = Type.Object({
  id: Type.Optional(id()),
  address_id: Type.Optional(id()),
  firstname: text(MAX.firstname),
  lastname: text(MAX.lastname),
  middlename: Type.Optional(nullableText(MAX.middlename)),
  street: Type.Array(Type.String({ maxLength: MAX.street }), { minItems: 1, maxItems: 3 }),
  city: text(MAX.city),
  postcode: text(MAX.postcode),
  country_id: Type.String({ pattern: '^[A-Za-z]{2}$' }),
  region: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.String({ maxLength: 100 }),
      Type.Object({
        region: Type.Optional(nullableText(100)),
        region_code: Type.Optional(nullableText(32)),
        region_id: Type.Optional(Nullable(Type.Integer())),
      }),
    ]),
  ),
  region_id: Type.Optional(Nullable(Type.Integer())),
  region_code: Type.Optional(nullableText(32)),
  telephone: Type.Optional(nullableText(MAX.telephone)),
  company: Type.Optional(nullableText(MAX.company)),
  /** The btw-nummer of a business address (Magento's name for it). */
  vat_id: Type.Optional(nullableText(MAX.vatId)),
  /** Spec 001 §3 backend form: '1' for a default (shipping or billing) address, '0' by default. */
  is_default: Type.Optional(StringEnum(['0', '1'] as const)),
  address_type: Type.Optional(AddressType),
  default_shipping: Type.Optional(Type.Boolean()),
  default_billing: Type.Optional(Type.Boolean()),
});
export type AddressInput = Static<typeof AddressInput>;

/** An address as the account calls answer it (Magento customer address plus the spec's address_type). */
export const Address = Type.Object({
  id: Type.Integer(),
  customer_id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  middlename: Nullable(Type.String()),
  street: Type.Array(Type.String()),
  city: Type.String(),
  postcode: Type.String(),
  country_id: Type.String(),
  region: Nullable(Type.String()),
  region_id: Nullable(Type.Integer()),
  region_code: Nullable(Type.String()),
  telephone: Nullable(Type.String()),
  company: Nullable(Type.String()),
  vat_id: Nullable(Type.String()),
  is_default: Type.String(),
  address_type: AddressType,
  default_shipping: Type.Boolean(),
  default_billing: Type.Boolean(),
});
export type Address = Static<typeof Address>;

/**
 * The account's shop preferences (spec 001 §2 "newsletter, preferences, brands, store"): a store id of the store
 * locator, option values of the catalogue's `brand` attribute (numbers; the catalogue's filters send them as text:
 * '300'), the newsletter opt-in.
 */
export const Preferences = Type.Object({
  favorite_store_id: Nullable(Type.Integer({ minimum: 1 })),
  favorite_brands: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 }),
  newsletter: Type.Boolean(),
});
export type Preferences = Static<typeof Preferences>;

/** What `POST me` takes: every key optional, a key left out keeps its value. */
export const PreferencesUpdate = Type.Partial(Preferences);
export type PreferencesUpdate = Static<typeof PreferencesUpdate>;

/** A coupon added to the account (`me`, `add-coupon`). */
export const Coupon = Type.Object({
  code: Type.String(),
  kind: Type.String(),
  description: Type.String(),
  discount_type: StringEnum(['percent', 'fixed'] as const),
  /** Percent, or euros for a fixed discount. */
  discount_value: Type.Number(),
  min_subtotal: Type.Number(),
  valid_from: Nullable(Type.String()),
  valid_to: Nullable(Type.String()),
  /** Active, inside its window and not used yet. */
  is_valid: Type.Boolean(),
  personal: Type.Boolean(),
  added_at: Nullable(Type.String()),
  used_at: Nullable(Type.String()),
});
export type Coupon = Static<typeof Coupon>;

/**
 * The customer as `me`, `create` and `POST me` answer it (vue-storefront-api / Magento customer, plus the spec's
 * external_id, group_token, date_of_birth and mobile_number).
 */
export const Customer = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstname: Type.String(),
  lastname: Type.String(),
  group_id: Type.Integer(),
  group_token: Type.String(),
  external_id: Type.String(),
  date_of_birth: Nullable(Type.String()),
  mobile_number: Nullable(Type.String()),
  store_id: Type.Integer(),
  website_id: Type.Integer(),
  default_shipping: Type.Optional(Type.String()),
  default_billing: Type.Optional(Type.String()),
  preferences: Preferences,
  created_at: Type.String(),
  updated_at: Type.String(),
  addresses: Type.Array(Address),
  coupons: Type.Array(Coupon),
});
export type Customer = Static<typeof Customer>;

export const Email = Type.String({ minLength: 3, maxLength: 254 });
// Long enough for any passphrase, short enough that scrypt cannot be made to hash megabytes.
export const Password = Type.String({ minLength: 1, maxLength: 256 });
const customerFields = {
  email: Email,
  firstname: text(MAX.firstname),
  lastname: text(MAX.lastname),
  addresses: Type.Optional(Type.Array(AddressInput, { maxItems: 20 })),
};

/** The body of `create`: the new customer (with optional addresses) and the password. */
export const CustomerCreateBody = Type.Object({
  customer: Type.Object(customerFields),
  password: Password,
});
export type CustomerCreateBody = Static<typeof CustomerCreateBody>;

/** `customer` of `POST me` (the profile, its addresses and preferences in one queued call). */
export const CustomerUpdate = Type.Object({
  ...customerFields,
  date_of_birth: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
  mobile_number: Type.Optional(nullableText(32)),
  preferences: Type.Optional(PreferencesUpdate),
});
export type CustomerUpdate = Static<typeof CustomerUpdate>;

export const CustomerUpdateBody = Type.Object({ customer: CustomerUpdate });
export type CustomerUpdateBody = Static<typeof CustomerUpdateBody>;
