import { Type, type Static } from 'typebox';
import { CART_UPDATE_BATCH_MAX } from './cart-limits.ts';
import { Nullable } from './schema-helpers.ts';

/**
 * Cart wire shapes (spec 000 §7 "Cart", vue-storefront-api's cart): what the worker sends to
 * `/api/ext/shop/cart/update` and `delete`, and the lines and totals the server answers.
 */

/** The chosen configurable options of a line, as vue-storefront sends them. */
export const ProductOption = Type.Object(
  {
    extension_attributes: Type.Optional(
      Type.Object(
        {
          configurable_item_options: Type.Optional(
            Type.Array(
              Type.Object({
                option_id: Type.Union([Type.String(), Type.Number()]),
                option_value: Type.Union([Type.String(), Type.Number()]),
              }),
            ),
          ),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);
export type ProductOption = Static<typeof ProductOption>;

/**
 * Only "an object or null" is validated: the server reads the options it knows (server/pricing/sellable-product.ts) and
 * answers an unknown choice with its own message, not ajv's.
 */
export const ProductOptionField = Type.Unsafe<ProductOption | null>({ type: ['object', 'null'] });

/** `cartItem` of `update`: no item_id adds a line; with item_id it sets that line's quantity (absolute, so retries are harmless). */
export const CartItemBody = Type.Object({
  sku: Type.String({ minLength: 1 }),
  qty: Type.Integer({ minimum: 1, maximum: 100000 }),
  item_id: Type.Optional(Nullable(Type.Integer())),
  quoteId: Type.Optional(Nullable(Type.String())),
  product_option: Type.Optional(ProductOptionField),
});
export type CartItemBody = Static<typeof CartItemBody>;

export const CartUpdateBody = Type.Object({ cartItem: CartItemBody });
export type CartUpdateBody = Static<typeof CartUpdateBody>;

/**
 * `update-batch` (an addition to the spec's cart calls, docs/api.md): many lines' `update`s in one request and one
 * transaction, applied in order, each with `update`'s semantics (absolute quantities, so a re-sent batch is harmless).
 */
export const CartUpdateBatchBody = Type.Object({
  cartItems: Type.Array(CartItemBody, { minItems: 1, maxItems: CART_UPDATE_BATCH_MAX }),
});
export type CartUpdateBatchBody = Static<typeof CartUpdateBatchBody>;

/** `cartItem` of `delete`: the server line to remove. */
export const CartDeleteBody = Type.Object({
  cartItem: Type.Object({
    item_id: Type.Integer(),
    sku: Type.Optional(Type.String()),
    quoteId: Type.Optional(Nullable(Type.String())),
  }),
});
export type CartDeleteBody = Static<typeof CartDeleteBody>;

/** A cart line as `pull` and `update` answer it (vue-storefront-api's server item). */
export const ServerCartItem = Type.Object({
  item_id: Type.Integer(),
  sku: Type.String(),
  qty: Type.Integer(),
  name: Type.String(),
  /** Unit price incl. tax in euros, at the server's clock. */
  price: Type.Number(),
  product_type: Type.String(),
  quote_id: Type.String(),
  product_option: ProductOptionField,
});
export type ServerCartItem = Static<typeof ServerCartItem>;

/**
 * What `update-batch` answers (200): one envelope per line of the body, in its order: `{ code: 200, result: the server
 * item }` or the error `update` would have answered for that line alone (code, message, meta).
 */
export const CartUpdateBatchAnswer = Type.Array(
  Type.Object({
    code: Type.Integer(),
    result: Type.Unknown(),
    meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  }),
);
export type CartUpdateBatchAnswer = Static<typeof CartUpdateBatchAnswer>;

/** One row of the totals table (subtotal, shipping, discount, tax, payment_fee, grand_total); value in euros. */
export const TotalSegment = Type.Object({ code: Type.String(), title: Type.String(), value: Type.Number() });
export type TotalSegment = Static<typeof TotalSegment>;

/**
 * A line of the totals answer. `options` is a JSON string of `[{ label: 'Size', value: 'M' }]`, as Magento sends it
 * (vue-storefront parses it); amounts in euros.
 */
export const TotalsItem = Type.Object({
  item_id: Nullable(Type.Integer()),
  sku: Type.String(),
  name: Type.String(),
  qty: Type.Integer(),
  product_type: Type.String(),
  price: Type.Number(),
  price_incl_tax: Type.Number(),
  row_total: Type.Number(),
  row_total_incl_tax: Type.Number(),
  row_total_with_discount: Type.Number(),
  discount_amount: Type.Number(),
  tax_amount: Type.Number(),
  tax_percent: Type.Number(),
  options: Type.String(),
  product_option: ProductOptionField,
});
export type TotalsItem = Static<typeof TotalsItem>;

/** What `totals` and `collect-totals` answer (vue-storefront-api / Magento totals in euros; discounts negative). */
export const CartTotals = Type.Object({
  grand_total: Type.Number(),
  base_grand_total: Type.Number(),
  subtotal: Type.Number(),
  base_subtotal: Type.Number(),
  subtotal_incl_tax: Type.Number(),
  subtotal_with_discount: Type.Number(),
  discount_amount: Type.Number(),
  base_discount_amount: Type.Number(),
  tax_amount: Type.Number(),
  shipping_amount: Type.Number(),
  shipping_incl_tax: Type.Number(),
  shipping_tax_amount: Type.Number(),
  payment_fee_incl_tax: Type.Number(),
  items_qty: Type.Integer(),
  coupon_code: Nullable(Type.String()),
  base_currency_code: Type.String(),
  quote_currency_code: Type.String(),
  items: Type.Array(TotalsItem),
  total_segments: Type.Array(TotalSegment),
  extension_attributes: Type.Object({
    discount_codes: Type.Array(Type.String()),
    /** The amount taken off per coupon or discount code (euros, positive), in the order applied. */
    discounts: Type.Array(Type.Object({ code: Type.String(), amount: Type.Number() })),
    /**
     * No method chosen yet: shipping is the cheapest delivery to the cart's country, included in the grand total
     * (docs/checkout-and-orders.md "Totals"); the screens show it as "vanaf".
     */
    shipping_estimated: Type.Boolean(),
    /** The cart's gift card: masked number and what it pays of the grand total (euros); null without one. */
    gift_card: Type.Union([Type.Object({ number: Type.String(), amount: Type.Number() }), Type.Null()]),
    /** The grand total less the gift card: what the payment method is charged. */
    amount_to_pay: Type.Number(),
  }),
});
export type CartTotals = Static<typeof CartTotals>;
