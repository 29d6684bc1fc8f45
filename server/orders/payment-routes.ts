import type { FastifyPluginAsync } from 'fastify';
import { paymentNotFoundPage, paymentPage } from './payment-page.ts';
import { expireStalePayments, findPayment, settle } from './payment-settle.ts';

/**
 * The local payment page at the site root (`/pay/…`, proxied by vite in dev). It ends with a 303 to the spec's
 * payment return pages: /checkout-return/?order=… when paid, /checkout-failed/?order=… otherwise.
 */
export const paymentRoutes: FastifyPluginAsync = async (app) => {
  // The page's buttons are plain HTML forms; their (empty) body needs no parsing.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get('/pay/:paymentKey', async (request, reply) => {
    const { paymentKey } = request.params as { paymentKey: string };
    await expireStalePayments(app.db, app.now());
    const payment = await findPayment(app.db, paymentKey);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!payment) return reply.code(404).send(paymentNotFoundPage());
    return reply.send(
      paymentPage({
        paymentKey,
        incrementId: payment.increment_id,
        amountCents: payment.amount_cents,
        methodTitle: payment.title ?? payment.method,
        status: payment.status,
      }),
    );
  });

  for (const [action, outcome] of [
    ['complete', 'paid'],
    ['cancel', 'failed'],
  ] as const) {
    app.post(`/pay/:paymentKey/${action}`, async (request, reply) => {
      const { paymentKey } = request.params as { paymentKey: string };
      await expireStalePayments(app.db, app.now());
      const result = await app.db.transaction(async (tx) => {
        const payment = await findPayment(tx, paymentKey, true);
        if (!payment) return null;
        return { status: await settle(tx, payment, outcome), incrementId: payment.increment_id };
      });
      if (!result) return reply.code(404).type('text/html; charset=utf-8').send(paymentNotFoundPage());
      const target = result.status === 'paid' ? '/checkout-return/' : '/checkout-failed/';
      return reply.redirect(`${target}?order=${encodeURIComponent(result.incrementId)}`, 303);
    });
  }
};

export default paymentRoutes;
