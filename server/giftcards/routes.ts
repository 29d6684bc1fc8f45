import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GiftCardBody } from '../../contract/giftcard.ts';
import { toEuros } from '../../domain/money.ts';
import { ok } from '../http/envelope.ts';
import { requireCart } from '../cart/cart-access.ts';
import * as cartSchema from '../cart/schemas.ts';
import { attachGiftCard, checkGiftCard, detachGiftCard, GIFT_CARD_MESSAGES, maskCardNumber } from './gift-cards.ts';
import { HttpError } from '../http/envelope.ts';

/**
 * Gift cards (spec 001 §1; docs/api.md "Gift cards"): the balance check of /cadeaubonnen and the card a cart pays
 * with. Every call that takes a PIN is throttled like the login (gift-cards.ts `checkGiftCard`).
 */
export const giftCardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/ext/shop/giftcard/balance', { schema: { body: GiftCardBody } }, async (request, reply) => {
    const card = await checkGiftCard(app.db, request.body, request.ip, app.now());
    return ok(reply, { number: maskCardNumber(card.number), balance: toEuros(card.balanceCents) });
  });

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

export default giftCardRoutes;
