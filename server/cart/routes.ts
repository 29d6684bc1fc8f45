import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CartDeleteBody, CartUpdateBatchBody, CartUpdateBody } from '../../contract/cart.ts';
import type { Queryable } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';
import { callerOf } from '../auth/caller.ts';
import type { CartRow } from '../pricing/cart-row.ts';
import { CART_MESSAGES } from '../pricing/messages.ts';
import { requireCart } from './cart-access.ts';
import { createCart, storeCodeOrDefault } from './cart-create.ts';
import { forgetGuestCart, rememberGuestCart, rememberedGuestCart } from './guest-cart-cookie.ts';
import { deleteItem, pullItems, updateItem, updateItems } from './cart-items.ts';
import { cartTotalsPayload } from './cart-totals.ts';
import {
  applyCoupon,
  applyDiscounts,
  applyShopCoupons,
  couponList,
  deleteCoupon,
  deleteDiscounts,
  deleteShopCoupons,
  discountCodesToDelete,
} from './coupon-actions.ts';
import * as schema from './schemas.ts';
import { paymentMethodsOfCart, saveShippingInformation, shippingMethodsFor } from './shipping-actions.ts';

/**
 * The cart API under /api/ext/shop/cart (spec 000 §7 "Cart"): `?token=` for a customer, `?cartId=` for the cart.
 * Access rules are in cart-access.ts; every answer is the `{ code, result, meta? }` envelope.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Bodiless calls (create, collect-totals, delete-coupon …) may still carry `content-type: application/json`, as
  // vue-storefront's client sends it on every call; an empty body is then "no body", not a 400.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  /** Runs a cart call in one transaction with the cart row locked, so concurrent calls on one cart serialise. */
  const withCart = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (tx: Queryable, cart: CartRow) => Promise<T>,
  ) =>
    app.db.transaction(async (tx) => {
      const { cart } = await requireCart(tx, request, app.now(), true);
      return ok(reply, await work(tx, cart));
    });

  app.post('/create', { schema: { querystring: schema.createQuery } }, async (request, reply) => {
    const caller = await callerOf(app.db, request, app.now());
    const storeCode = await storeCodeOrDefault(app.db, request.query.storeCode);
    const cartId = await createCart(app.db, caller.customerId, storeCode);
    // a guest's cart is remembered for a device whose storage is wiped; once logged in, the account's cart counts
    if (caller.customerId === null) rememberGuestCart(request, reply, storeCode, cartId);
    else forgetGuestCart(request, reply, storeCode);
    return ok(reply, cartId);
  });

  /** The guest cart this browser was given (guest-cart-cookie.ts), for a device that has lost its own copy. */
  app.get('/remembered', { schema: { querystring: schema.rememberedQuery } }, async (request, reply) => {
    const storeCode = await storeCodeOrDefault(app.db, request.query.storeCode);
    const cartId = await rememberedGuestCart(app.db, request, storeCode);
    if (cartId) return ok(reply, cartId);
    forgetGuestCart(request, reply, storeCode);
    throw notFound(CART_MESSAGES.cartNotFound);
  });

  app.get('/pull', { schema: { querystring: schema.cartQuery } }, async (request, reply) => {
    const { cart } = await requireCart(app.db, request, app.now());
    return ok(reply, await pullItems(app.db, cart, app.now()));
  });

  app.post('/update', { schema: { querystring: schema.cartQuery, body: CartUpdateBody } }, (request, reply) =>
    withCart(request, reply, (tx, cart) => updateItem(tx, cart, request.body.cartItem, app.now())),
  );

  // An addition to the spec's calls (docs/api.md): the queue's waiting updates of one cart in one request.
  app.post(
    '/update-batch',
    { schema: { querystring: schema.cartQuery, body: CartUpdateBatchBody } },
    (request, reply) =>
      withCart(request, reply, (tx, cart) => updateItems(tx, cart, request.body.cartItems, app.now())),
  );

  app.post('/delete', { schema: { querystring: schema.cartQuery, body: CartDeleteBody } }, (request, reply) =>
    withCart(request, reply, (tx, cart) => deleteItem(tx, cart, request.body.cartItem.item_id)),
  );

  app.get('/totals', { schema: { querystring: schema.cartQuery } }, async (request, reply) => {
    const { cart } = await requireCart(app.db, request, app.now());
    return ok(reply, await cartTotalsPayload(app.db, cart, app.now()));
  });

  app.post('/collect-totals', { schema: { querystring: schema.cartQuery } }, async (request, reply) => {
    const { cart } = await requireCart(app.db, request, app.now());
    return ok(reply, await cartTotalsPayload(app.db, cart, app.now()));
  });

  app.get('/payment-methods', { schema: { querystring: schema.paymentMethodsQuery } }, async (request, reply) => {
    const { cart } = await requireCart(app.db, request, app.now());
    return ok(reply, await paymentMethodsOfCart(app.db, cart, request.query.country_id));
  });

  app.post(
    '/shipping-methods',
    { schema: { querystring: schema.cartQuery, body: schema.shippingMethodsBody } },
    async (request, reply) => {
      const { cart } = await requireCart(app.db, request, app.now());
      return ok(reply, await shippingMethodsFor(app.db, cart, request.body ?? {}, app.now()));
    },
  );

  app.post(
    '/shipping-information',
    { schema: { querystring: schema.cartQuery, body: schema.shippingInformationBody } },
    (request, reply) =>
      withCart(request, reply, (tx, cart) =>
        saveShippingInformation(tx, cart, request.body.addressInformation, app.now()),
      ),
  );

  app.post('/apply-coupon', { schema: { querystring: schema.couponQuery } }, (request, reply) =>
    withCart(request, reply, (tx, cart) => applyCoupon(tx, cart, request.query.coupon, app.now())),
  );

  app.post('/delete-coupon', { schema: { querystring: schema.cartQuery } }, (request, reply) =>
    withCart(request, reply, (tx, cart) => deleteCoupon(tx, cart)),
  );

  app.post(
    '/apply-discount',
    { schema: { querystring: schema.cartQuery, body: schema.discountBody } },
    (request, reply) =>
      withCart(request, reply, (tx, cart) =>
        applyDiscounts(
          tx,
          cart,
          request.body.discount.map((d) => d.code),
          app.now(),
        ),
      ),
  );

  app.post('/delete-discount', { schema: { querystring: schema.cartQuery } }, (request, reply) =>
    withCart(request, reply, (tx, cart) => deleteDiscounts(tx, cart, discountCodesToDelete(request.body))),
  );

  app.post('/apply-shop-coupon', { schema: { querystring: schema.cartQuery } }, (request, reply) =>
    withCart(request, reply, (tx, cart) => applyShopCoupons(tx, cart, couponList(request.body), app.now())),
  );

  app.post('/delete-shop-coupon', { schema: { querystring: schema.cartQuery } }, (request, reply) =>
    withCart(request, reply, (tx, cart) => deleteShopCoupons(tx, cart, couponList(request.body))),
  );
};

export default routes;
