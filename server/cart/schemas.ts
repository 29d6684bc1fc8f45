/**
 * Request schemas of the cart API; ajv failures become 400s naming the field ("body.cartItem.qty must be integer").
 * The item bodies the worker sends are wire shapes: contract/cart.ts.
 */
export const cartQuery = {
  type: 'object',
  properties: { cartId: { type: 'string', minLength: 1 }, token: { type: 'string' } },
  required: ['cartId'],
} as const;

/** `country_id`: the payment methods of the address the shopper is typing, before the cart has it (spec 000 §5). */
export const paymentMethodsQuery = {
  type: 'object',
  properties: { ...cartQuery.properties, country_id: { type: 'string', pattern: '^[A-Za-z]{2}$' } },
  required: ['cartId'],
} as const;

export const rememberedQuery = {
  type: 'object',
  properties: { storeCode: { type: 'string' } },
} as const;

export const createQuery = {
  type: 'object',
  properties: { token: { type: 'string' }, storeCode: { type: 'string' } },
} as const;

const address = {
  type: 'object',
  required: ['country_id'],
  properties: {
    country_id: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    postcode: { type: ['string', 'null'] },
    city: { type: ['string', 'null'] },
    street: { anyOf: [{ type: 'array' }, { type: 'string' }, { type: 'null' }] },
    region: { type: ['string', 'null'] },
    region_id: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] },
    region_code: { type: ['string', 'null'] },
  },
} as const;

export const shippingMethodsBody = {
  type: 'object',
  properties: {
    address,
    country_id: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  },
} as const;

export const shippingInformationBody = {
  type: 'object',
  required: ['addressInformation'],
  properties: {
    addressInformation: {
      type: 'object',
      required: ['shippingAddress', 'shipping_method_code', 'shipping_carrier_code'],
      properties: {
        shippingAddress: address,
        billingAddress: { type: ['object', 'null'] },
        shipping_method_code: { type: 'string', minLength: 1 },
        shipping_carrier_code: { type: 'string', minLength: 1 },
        payment_method_code: { type: ['string', 'null'] },
      },
    },
  },
} as const;

export const couponQuery = {
  type: 'object',
  properties: {
    cartId: { type: 'string', minLength: 1 },
    token: { type: 'string' },
    coupon: { type: 'string', minLength: 1 },
  },
  required: ['cartId', 'coupon'],
} as const;

export const discountBody = {
  type: 'object',
  required: ['discount'],
  properties: {
    discount: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    },
  },
} as const;
