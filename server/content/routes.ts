import type { FastifyPluginAsync } from 'fastify';
import blogRoutes from './blog-routes.ts';
import cmsRoutes from './cms-routes.ts';
import storeLocatorRoutes from './store-locator-routes.ts';

/** Content area: CMS stories and preview, blog, store locator (spec 001 §7), under /api. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(cmsRoutes);
  await app.register(blogRoutes);
  await app.register(storeLocatorRoutes);
};
export default routes;
