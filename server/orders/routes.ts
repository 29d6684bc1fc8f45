import type { FastifyPluginAsync } from 'fastify';

/** Routes of the orders area; filled by its issue. */
const routes: FastifyPluginAsync = async () => {};
export default routes;
