import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './account-routes.ts';
import { addSessionExpiresToAnswers } from './authenticate.ts';
import loyaltyRoutes from './loyalty.ts';
import orderHistoryRoutes from './order-history.ts';
import passwordRoutes from './password-routes.ts';
import personalPricingRoutes from './personal-pricing.ts';
import profileRoutes from './profile-routes.ts';
import transactionRoutes from './transactions.ts';
import wishlistRoutes from '../wishlist/routes.ts';
import engagementRoutes from '../engagement/routes.ts';

/**
 * The users area, under /api/ext/shop/user (spec 000 §7 "Users", docs/api.md). Registered directly
 * (not as encapsulated children) so the session_expires hook covers every route.
 */
const routes: FastifyPluginAsync = async (app) => {
  addSessionExpiresToAnswers(app);
  // Personal data and tokens: no browser, proxy or service-worker cache may keep an answer of this area.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  for (const plugin of [
    accountRoutes,
    passwordRoutes,
    profileRoutes,
    orderHistoryRoutes,
    transactionRoutes,
    loyaltyRoutes,
    personalPricingRoutes,
    wishlistRoutes,
    engagementRoutes,
  ]) {
    await plugin(app, {});
  }
};

export default routes;
