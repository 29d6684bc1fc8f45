import { CustomerCreateBody, CustomerUpdateBody, Email, Password } from '../../contract/customer.ts';

/**
 * JSON schemas of the users calls: a body or query that does not fit is a 400 naming the field
 * ("body.customer.email is required"). Extra properties are allowed because the storefront sends whole
 * vue-storefront objects; the handlers read only what they know.
 */
const text = (maxLength = 255) => ({ type: 'string', minLength: 1, maxLength }) as const;
const email = Email;
const password = Password;
const id = { type: 'integer', minimum: 1 } as const;

/** The bodies the worker sends (`create`, `POST me`) are wire shapes: contract/customer.ts. */
export const createSchema = { body: CustomerCreateBody } as const;

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

export const updateMeSchema = { body: CustomerUpdateBody } as const;

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
  body: {
    type: 'object',
    required: ['cart_id'],
    properties: { cart_id: { type: 'string', minLength: 1, maxLength: 200 } },
  },
} as const;

export const transactionDetailSchema = {
  querystring: { type: 'object', required: ['transaction_id'], properties: { transaction_id: text(64) } },
} as const;

export const customerSearchSchema = {
  body: { type: 'object', required: ['email_address'], properties: { email_address: email } },
} as const;
