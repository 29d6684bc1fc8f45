/**
 * JSON schemas of the users calls: a body or query that does not fit is a 400 naming the field
 * ("body.customer.email is required"). Extra properties are allowed because the storefront sends whole
 * vue-storefront objects; the handlers read only what they know.
 */
const text = (maxLength = 255) => ({ type: 'string', minLength: 1, maxLength }) as const;
const nullableText = (maxLength = 255) => ({ type: ['string', 'null'], maxLength }) as const;
const email = { type: 'string', minLength: 3, maxLength: 254 } as const;
// Long enough for any passphrase, short enough that scrypt cannot be made to hash megabytes.
const password = { type: 'string', minLength: 1, maxLength: 256 } as const;
const id = { type: 'integer', minimum: 1 } as const;

export const addressSchema = {
  type: 'object',
  required: ['firstname', 'lastname', 'street', 'city', 'postcode', 'country_id'],
  properties: {
    id,
    address_id: id,
    firstname: text(100),
    lastname: text(100),
    street: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string', maxLength: 255 } },
    city: text(100),
    postcode: text(16),
    country_id: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    region: {
      anyOf: [
        { type: 'null' },
        { type: 'string', maxLength: 100 },
        {
          type: 'object',
          properties: { region: nullableText(100), region_code: nullableText(32), region_id: { type: ['integer', 'null'] } },
        },
      ],
    },
    region_id: { type: ['integer', 'null'] },
    region_code: nullableText(32),
    telephone: nullableText(32),
    company: nullableText(100),
    is_default: { type: 'string', enum: ['0', '1'] },
    address_type: { type: 'string', enum: ['DELIVERY', 'BILLING'] },
    default_shipping: { type: 'boolean' },
    default_billing: { type: 'boolean' },
  },
} as const;

const addresses = { type: 'array', maxItems: 20, items: addressSchema } as const;

export const createSchema = {
  body: {
    type: 'object',
    required: ['customer', 'password'],
    properties: {
      customer: {
        type: 'object',
        required: ['email', 'firstname', 'lastname'],
        properties: { email, firstname: text(100), lastname: text(100), addresses },
      },
      password,
    },
  },
} as const;

export const loginSchema = {
  body: {
    type: 'object',
    required: ['username', 'password'],
    properties: { username: email, password, token: { type: 'string' } },
  },
} as const;

export const refreshSchema = {
  body: { type: 'object', required: ['refreshToken'], properties: { refreshToken: text(200) } },
} as const;

/** Account preferences (server/users/preferences.ts); every key optional, a key left out keeps its value. */
export const preferencesSchema = {
  type: 'object',
  properties: {
    favorite_store_id: { type: ['integer', 'null'], minimum: 1 },
    favorite_brands: { type: 'array', maxItems: 50, items: { type: 'integer', minimum: 1 } },
    newsletter: { type: 'boolean' },
  },
} as const;

export const updateMeSchema = {
  body: {
    type: 'object',
    required: ['customer'],
    properties: {
      customer: {
        type: 'object',
        required: ['email', 'firstname', 'lastname'],
        properties: {
          email,
          firstname: text(100),
          lastname: text(100),
          addresses,
          date_of_birth: { type: ['string', 'null'], maxLength: 10 },
          mobile_number: nullableText(32),
          preferences: preferencesSchema,
        },
      },
    },
  },
} as const;

export const resetPasswordSchema = {
  body: { type: 'object', required: ['email'], properties: { email } },
} as const;

export const createPasswordSchema = {
  body: {
    type: 'object',
    required: ['email', 'newPassword', 'resetToken'],
    properties: { email, newPassword: password, resetToken: text(200) },
  },
} as const;

export const changePasswordSchema = {
  body: {
    type: 'object',
    required: ['currentPassword', 'newPassword'],
    properties: { currentPassword: password, newPassword: password },
  },
} as const;

export const orderHistorySchema = {
  querystring: {
    type: 'object',
    properties: {
      pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      currentPage: { type: 'integer', minimum: 1, default: 1 },
    },
  },
} as const;

export const orderDetailSchema = {
  querystring: {
    type: 'object',
    anyOf: [{ required: ['increment_id'] }, { required: ['order_id'] }],
    properties: { increment_id: text(64), order_id: text(128) },
  },
} as const;

const addressRef = {
  type: 'object',
  properties: { user_id: { type: 'integer' }, address_id: id },
} as const;

export const deleteAddressSchema = { querystring: addressRef } as const;

export const addCouponSchema = {
  body: { type: 'object', required: ['couponCode'], properties: { couponCode: text(64) } },
} as const;

export const personalPriceCheckSchema = {
  body: { type: 'object', required: ['sku'], properties: { sku: text(64) } },
} as const;

export const validateQuoteSchema = {
  body: { type: 'object', required: ['cart_id'], properties: { cart_id: { type: 'string', minLength: 1, maxLength: 200 } } },
} as const;

export const transactionDetailSchema = {
  querystring: { type: 'object', required: ['transaction_id'], properties: { transaction_id: text(64) } },
} as const;

export const customerSearchSchema = {
  body: { type: 'object', required: ['email_address'], properties: { email_address: email } },
} as const;
