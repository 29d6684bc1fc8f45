import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import blogRoutes from './blog-routes.ts';
import cmsRoutes from './cms-routes.ts';
import previewRoutes from './preview-routes.ts';
import storeLocatorRoutes from './store-locator-routes.ts';

/** Content area: CMS stories, the editor's draft preview, blog, store locator (spec 001 §7), under /api. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(cmsRoutes);
  await app.register(previewRoutes);
  await app.register(blogRoutes);
  await app.register(storeLocatorRoutes);
};
export default routes;
