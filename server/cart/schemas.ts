import { Type, type Static } from 'typebox';
import { Nullable } from '../../contract/schema-helpers.ts';

/**
 * Request schemas of the cart API, as TypeBox so the route handlers are typed by what ajv validates; failures become
 * 400s naming the field ("body.cartItem.qty must be integer"). The item bodies the worker sends are wire shapes:
 * contract/cart.ts.
 */
export const cartQuery = Type.Object({ cartId: Type.String({ minLength: 1 }), token: Type.Optional(Type.String()) });

const countryId = Type.String({ pattern: '^[A-Za-z]{2}$' });

/** `country_id`: the payment methods of the address the shopper is typing, before the cart has it (spec 000 §5). */
export const paymentMethodsQuery = Type.Object({
  cartId: Type.String({ minLength: 1 }),
  token: Type.Optional(Type.String()),
  country_id: Type.Optional(countryId),
});

export const rememberedQuery = Type.Object({ storeCode: Type.Optional(Type.String()) });

export const createQuery = Type.Object({
  token: Type.Optional(Type.String()),
  storeCode: Type.Optional(Type.String()),
});

/** An address as the checkout sends it: the country decides, the other fields are kept as they came. */
const address = Type.Object({
  country_id: countryId,
  postcode: Type.Optional(Nullable(Type.String())),
  city: Type.Optional(Nullable(Type.String())),
  street: Type.Optional(
    Type.Unsafe<unknown[] | string | null>({ anyOf: [{ type: 'array' }, { type: 'string' }, { type: 'null' }] }),
  ),
  region: Type.Optional(Nullable(Type.String())),
  region_id: Type.Optional(Type.Union([Type.Integer(), Type.String(), Type.Null()])),
  region_code: Type.Optional(Nullable(Type.String())),
});

export const shippingMethodsBody = Type.Object({
  address: Type.Optional(address),
  country_id: Type.Optional(countryId),
});
export type ShippingMethodsBody = Static<typeof shippingMethodsBody>;

export const ShippingInformation = Type.Object({
  shippingAddress: address,
  billingAddress: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'] })),
  shipping_method_code: Type.String({ minLength: 1 }),
  shipping_carrier_code: Type.String({ minLength: 1 }),
  payment_method_code: Type.Optional(Nullable(Type.String())),
});
export type ShippingInformation = Static<typeof ShippingInformation>;

export const shippingInformationBody = Type.Object({ addressInformation: ShippingInformation });

export const couponQuery = Type.Object({
  cartId: Type.String({ minLength: 1 }),
  token: Type.Optional(Type.String()),
  coupon: Type.String({ minLength: 1 }),
});

export const discountBody = Type.Object({
  discount: Type.Array(Type.Object({ code: Type.String({ minLength: 1 }) }), { minItems: 1 }),
});
