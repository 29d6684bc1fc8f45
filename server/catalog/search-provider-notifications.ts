import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotificationBody } from '../../contract/search-provider.ts';
import { badRequest, ok } from '../http/envelope.ts';

/**
 * The provider's notifications (spec 001 §7 "POST notifications | types add-to-cart, click, end, add-favorite,
 * remove-favorite, with ticket or productKey"), kept in analytics_events with the shopper's provider session and
 * customer keys: what a ranking can learn from. The device sends each once, through its task queue.
 */
const searchProviderNotifications: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/search-provider/notifications', { schema: { body: NotificationBody } }, async (request, reply) => {
    const { type, ticket, productKey, sessionKey, customerKey } = request.body;
    if (!ticket && !productKey) throw badRequest('body.ticket or body.productKey is required');
    await app.db.query(
      `insert into analytics_events (type, session_key, customer_key, payload) values ($1, $2, $3, $4)`,
      [`search-provider:${type}`, sessionKey, customerKey, JSON.stringify({ ticket, productKey })],
    );
    return ok(reply, { accepted: true });
  });
};
export default searchProviderNotifications;
