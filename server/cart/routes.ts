import type { FastifyPluginAsync } from 'fastify';

/** Routes of the cart area; filled by its issue. */
const routes: FastifyPluginAsync = async () => {};
export default routes;
