import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database, Queryable } from '../db/index.ts';
import { paymentNotFoundPage, paymentPage, type PaymentView } from './payment-page.ts';

/**
 * What the local payment page can pay: an order's payment (`orderPayments`) or a donation
 * (server/donations/donation-payments.ts). Each answers only for its own keys, which are random and never shared.
 */
export interface PaymentSource {
  /** Cancels its pending payments past their expiry (run lazily before each page call). */
  expireStale(db: Database, now: Date): Promise<unknown>;
  /** The page's view of the payment with this key, or null when the key is not this source's. */
  find(db: Queryable, paymentKey: string): Promise<PaymentView | null>;
  /**
   * Settles the pending payment with this key once, inside the caller's transaction (a second click, a reload or the
   * other button afterwards changes nothing), and answers where the shopper returns to; null for a key not its own.
   */
  settle(tx: Queryable, paymentKey: string, outcome: 'paid' | 'failed', now: Date): Promise<string | null>;
}

export interface PaymentRoutesOptions {
  sources: PaymentSource[];
}

/**
 * The local payment page at the site root (`/pay/…`, proxied by vite in dev). It ends with a 303 to where the source
 * says: for an order the spec's payment return pages, for a donation its status page.
 */
export const paymentRoutes: FastifyPluginAsyncTypebox<PaymentRoutesOptions> = async (app, { sources }) => {
  const params = { params: Type.Object({ paymentKey: Type.String() }) };
  // The page's buttons are plain HTML forms; their (empty) body needs no parsing.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  const expireStale = async () => {
    for (const source of sources) await source.expireStale(app.db, app.now());
  };

  app.get('/pay/:paymentKey', { schema: params }, async (request, reply) => {
    const { paymentKey } = request.params;
    await expireStale();
    let view: PaymentView | null = null;
    for (const source of sources) view ??= await source.find(app.db, paymentKey);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!view) return reply.code(404).send(paymentNotFoundPage(reply.cspNonce.style));
    return reply.send(paymentPage(view, reply.cspNonce.style));
  });

  for (const [action, outcome] of [
    ['complete', 'paid'],
    ['cancel', 'failed'],
  ] as const) {
    app.post(`/pay/:paymentKey/${action}`, { schema: params }, async (request, reply) => {
      const { paymentKey } = request.params;
      await expireStale();
      const target = await app.db.transaction(async (tx) => {
        for (const source of sources) {
          const returnTo = await source.settle(tx, paymentKey, outcome, app.now());
          if (returnTo) return returnTo;
        }
        return null;
      });
      if (!target)
        return reply.code(404).type('text/html; charset=utf-8').send(paymentNotFoundPage(reply.cspNonce.style));
      return reply.redirect(target, 303);
    });
  }
};

export default paymentRoutes;
