import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OrderBody } from '../../contract/order.ts';
import { ok } from '../http/envelope.ts';
import { callerOf } from '../auth/caller.ts';
import { flyingBlueRedirect } from './flying-blue.ts';
import { viewOrder } from './order-view.ts';
import { placeOrder } from './place-order.ts';
import { countOrderPlaced, countOrderRejected } from '../metrics/counters.ts';
import { orderRejectionReason } from './order-outcome.ts';

/** Orders under /api (spec 000 §7 "Orders"). The local payment page is a separate root plugin: payment-routes.ts. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/order',
    {
      schema: { body: OrderBody },
      // a body the schema refuses never reaches the handler: its error passes here too
      onError: async (_request, _reply, error) => countOrderRejected(orderRejectionReason(error)),
    },
    async (request, reply) => {
      const caller = await callerOf(app.db, request, app.now());
      const placed = await placeOrder(app.db, request.body, { customerId: caller.customerId, now: app.now() });
      countOrderPlaced();
      return ok(reply, placed);
    },
  );

  app.get(
    '/order/:incrementId',
    {
      schema: {
        params: Type.Object({ incrementId: Type.String({ minLength: 1 }) }),
        querystring: Type.Object({ token: Type.Optional(Type.String()), order_id: Type.Optional(Type.String()) }),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(app.db, request, app.now());
      const { incrementId } = request.params;
      return ok(
        reply,
        await viewOrder(app.db, incrementId, { customerId: caller.customerId, orderId: request.query.order_id }),
      );
    },
  );

  /** Spec 001 §7 "GET flying-blue redirect URL by {orderId}": result.redirect_url. */
  app.get(
    '/ext/shop/flying-blue/redirect/:orderId',
    {
      schema: {
        params: Type.Object({ orderId: Type.String({ minLength: 1 }) }),
      },
    },
    async (request, reply) => ok(reply, await flyingBlueRedirect(app.db, request.params.orderId)),
  );
};

export default routes;
