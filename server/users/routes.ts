import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import accountRoutes from './account-routes.ts';
import { customerAreaAnswers } from '../auth/customer-session.ts';
import loyaltyRoutes from './loyalty.ts';
import orderHistoryRoutes from './order-history.ts';
import passwordRoutes from './password-routes.ts';
import personalPricingRoutes from './personal-pricing.ts';
import profileRoutes from './profile-routes.ts';
import transactionRoutes from './transactions.ts';

/**
 * The users area, under /api/ext/shop/user (spec 000 §7 "Users", docs/api.md). Registered directly
 * (not as encapsulated children) so the session_expires hook covers every route.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  customerAreaAnswers(app);
  for (const plugin of [
    accountRoutes,
    passwordRoutes,
    profileRoutes,
    orderHistoryRoutes,
    transactionRoutes,
    loyaltyRoutes,
    personalPricingRoutes,
  ]) {
    await plugin(app, {});
  }
};

export default routes;
