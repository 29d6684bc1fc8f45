import { toCents } from '../../domain/money.ts';
import { CART_TEXT } from '../cart/cart-messages.ts';
import { fieldlessMessage } from '../http/server-message.ts';
import { SESSION_TEXT } from '../user/session-messages.ts';
import type { ContextEngine } from '../context-engine.ts';
import type { WorkerContext } from '../context.ts';
import { NetworkError } from '../http/errors.ts';
import type { GiftCardBalanceResult, GiftCardsApi } from './api-types.ts';

/** Gift cards (docs/checkout-and-orders.md "Gift cards"); the card that pays a cart is the cart's (worker/cart). */
export function giftCardsApi(ctx: WorkerContext, { engine, started }: ContextEngine): GiftCardsApi {
  return {
    async giftCardBalance(number, pin): Promise<GiftCardBalanceResult> {
      const offline: GiftCardBalanceResult = { ok: false, messageKey: SESSION_TEXT.offline };
      if (!ctx.online.value) return offline;
      await started;
      try {
        const res = await engine.queue.execute({
          url: '/api/ext/shop/giftcard/balance',
          method: 'POST',
          payload: { number, pin },
        });
        const card = res.result as { number?: unknown; balance?: unknown } | null;
        if (res.code === 200 && typeof card?.number === 'string' && typeof card.balance === 'number') {
          return { ok: true, card: { number: card.number, balanceCents: toCents(card.balance) } };
        }
        return { ok: false, messageKey: fieldlessMessage(res) ?? CART_TEXT.giftCardFailed };
      } catch (error) {
        if (error instanceof NetworkError) return offline;
        throw error;
      }
    },
  };
}
