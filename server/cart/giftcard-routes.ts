import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GiftCardBody } from '../../contract/giftcard.ts';
import { toEuros } from '../../domain/money.ts';
import { HttpError, ok } from '../http/envelope.ts';
import {
  attachGiftCard,
  checkGiftCard,
  detachGiftCard,
  GIFT_CARD_MESSAGES,
  maskCardNumber,
} from '../giftcards/gift-cards.ts';
import { requireCart } from './cart-access.ts';
import * as cartSchema from './schemas.ts';

/**
 * The gift card a cart pays with (spec 001 §1; docs/api.md "Gift cards"): the cart's own routes, so they sit with the
 * cart and use giftcards/ as cart-totals.ts does. The PIN is throttled like the login (gift-cards.ts `checkGiftCard`).
 */
export const cartGiftCardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/ext/shop/cart/apply-giftcard',
    { schema: { querystring: cartSchema.cartQuery, body: GiftCardBody } },
    async (request, reply) => {
      const { cart } = await requireCart(app.db, request, app.now());
      const card = await checkGiftCard(app.db, request.body, request.ip, app.now());
      if (card.balanceCents === 0) throw new HttpError(400, GIFT_CARD_MESSAGES.empty);
      await attachGiftCard(app.db, cart.id, card);
      return ok(reply, { number: maskCardNumber(card.number), balance: toEuros(card.balanceCents) });
    },
  );

  app.post(
    '/ext/shop/cart/delete-giftcard',
    { schema: { querystring: cartSchema.cartQuery } },
    async (request, reply) => {
      const { cart } = await requireCart(app.db, request, app.now());
      await detachGiftCard(app.db, cart.id);
      return ok(reply, true);
    },
  );
};

export default cartGiftCardRoutes;
