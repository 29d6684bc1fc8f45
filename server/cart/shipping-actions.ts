import type { Queryable } from '../db/index.ts';
import { HttpError, badRequest } from '../http/envelope.ts';
import type { CartRow } from '../pricing/cart-row.ts';
import { cartCountry } from './cart-lines.ts';
import { cartTotalsPayload, computeCartTotals } from './cart-totals.ts';
import { CART_MESSAGES } from '../pricing/messages.ts';
import { findShippingMethod, listPaymentMethods, listShippingMethods } from '../pricing/shipping.ts';
import type { ShippingInformation, ShippingMethodsBody } from './schemas.ts';

/** shipping-methods: the address's country (or a bare country_id) decides availability; the cart's goods free_from. */
export async function shippingMethodsFor(db: Queryable, cart: CartRow, body: ShippingMethodsBody, now: Date) {
  const country = (body.address?.country_id ?? body.country_id)?.toUpperCase();
  if (!country) throw badRequest('body.address.country_id is required');
  const { totals } = await computeCartTotals(db, { ...cart, shipping_address: { country_id: country } }, now);
  return listShippingMethods(db, country, totals.subtotalInclCents - totals.discountCents);
}

/** The methods of the asked country (the checkout's address before shipping-information), else the cart's. */
export async function paymentMethodsOfCart(db: Queryable, cart: CartRow, country?: string) {
  return listPaymentMethods(db, country?.toUpperCase() ?? (await cartCountry(db, cart)));
}

/**
 * shipping-information: stores the addresses and the chosen method (it must deliver to the shipping country, else
 * 400) and answers `{ totals, payment_methods }` for that country.
 */
export async function saveShippingInformation(db: Queryable, cart: CartRow, info: ShippingInformation, now: Date) {
  const country = info.shippingAddress.country_id.toUpperCase();
  const method = await findShippingMethod(db, info.shipping_carrier_code, info.shipping_method_code, country);
  if (!method) throw new HttpError(400, CART_MESSAGES.shippingMethodUnknown);
  const shippingAddress = { ...info.shippingAddress, country_id: country };
  const billing = info.billingAddress ?? null;
  let paymentMethod = cart.payment_method;
  if (info.payment_method_code) {
    const payments = await listPaymentMethods(db, country);
    if (!payments.some((p) => p.code === info.payment_method_code)) {
      throw badRequest('body.addressInformation.payment_method_code is not available for this country');
    }
    paymentMethod = info.payment_method_code;
  }
  await db.query(
    `update carts set shipping_address = $1::jsonb, billing_address = $2::jsonb, shipping_carrier_code = $3,
            shipping_method_code = $4, payment_method = $5, updated_at = now() where id = $6`,
    [
      JSON.stringify(shippingAddress),
      billing === null ? null : JSON.stringify(billing),
      method.carrier_code,
      method.method_code,
      paymentMethod,
      cart.id,
    ],
  );
  const updated: CartRow = {
    ...cart,
    shipping_address: shippingAddress,
    billing_address: billing,
    shipping_carrier_code: method.carrier_code,
    shipping_method_code: method.method_code,
    payment_method: paymentMethod,
  };
  return {
    totals: await cartTotalsPayload(db, updated, now),
    payment_methods: await listPaymentMethods(db, country),
  };
}
