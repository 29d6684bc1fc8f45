import { Type } from 'typebox';
import { CustomerCreateBody, CustomerUpdateBody, Email, Password } from '../../contract/customer.ts';
import { OrderHistoryQuery } from '../../contract/order-history.ts';

/**
 * Schemas of the users calls, as TypeBox so the route handlers are typed by what ajv validates: a body or query that
 * does not fit is a 400 naming the field ("body.customer.email is required"). Extra properties are allowed because
 * the storefront sends whole vue-storefront objects; the handlers read only what they know.
 */
const text = (maxLength = 255) => Type.String({ minLength: 1, maxLength });
const email = Email;
const password = Password;
const id = Type.Integer({ minimum: 1 });

/** The bodies the worker sends (`create`, `POST me`) are wire shapes: contract/customer.ts. */
export const createSchema = { body: CustomerCreateBody };

export const loginSchema = {
  body: Type.Object({ username: email, password, token: Type.Optional(Type.String()) }),
};

export const refreshSchema = { body: Type.Object({ refreshToken: text(200) }) };

export const updateMeSchema = { body: CustomerUpdateBody };

export const resetPasswordSchema = { body: Type.Object({ email }) };

export const createPasswordSchema = {
  body: Type.Object({ email, newPassword: password, resetToken: text(200) }),
};

export const changePasswordSchema = {
  body: Type.Object({ currentPassword: password, newPassword: password }),
};

/** The query is a wire shape: contract/order-history.ts. */
export const orderHistorySchema = { querystring: OrderHistoryQuery };

export const orderDetailSchema = {
  querystring: Type.Object(
    { increment_id: Type.Optional(text(64)), order_id: Type.Optional(text(128)) },
    { anyOf: [{ required: ['increment_id'] }, { required: ['order_id'] }] },
  ),
};

const addressRef = Type.Object({ user_id: Type.Optional(Type.Integer()), address_id: Type.Optional(id) });

export const deleteAddressSchema = { querystring: addressRef };

export const addCouponSchema = { body: Type.Object({ couponCode: text(64) }) };

export const personalPriceCheckSchema = { body: Type.Object({ sku: text(64) }) };

export const validateQuoteSchema = {
  body: Type.Object({ cart_id: Type.String({ minLength: 1, maxLength: 200 }) }),
};

export const transactionDetailSchema = { querystring: Type.Object({ transaction_id: text(64) }) };

export const customerSearchSchema = { body: Type.Object({ email_address: email }) };
