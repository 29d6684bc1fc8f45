import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GiftCardBody } from '../../contract/giftcard.ts';
import { toEuros } from '../../domain/money.ts';
import { ok } from '../http/envelope.ts';
import { checkGiftCard, maskCardNumber } from './gift-cards.ts';

/**
 * Gift cards (spec 001 §1; docs/api.md "Gift cards"): the balance check of /cadeaubonnen. The card a cart pays with is
 * the cart's (cart/giftcard-routes.ts). Every call that takes a PIN is throttled like the login (gift-cards.ts
 * `checkGiftCard`).
 */
export const giftCardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/ext/shop/giftcard/balance', { schema: { body: GiftCardBody } }, async (request, reply) => {
    const card = await checkGiftCard(app.db, request.body, request.ip, app.now());
    return ok(reply, { number: maskCardNumber(card.number), balance: toEuros(card.balanceCents) });
  });
};

export default giftCardRoutes;
