import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { childRedirectHook } from './child-redirect.ts';
import { warmUpCatalogPlanner } from './planner-warmup.ts';
import directoryRoute from './directory-route.ts';
import landingPageRoute from './landing-page-route.ts';
import productReviewsRoute from './product-reviews-route.ts';
import renderListRoute from './render-list-route.ts';
import searchRoute from './search-route.ts';
import searchProviderAutocomplete from './search-provider-autocomplete.ts';
import searchProviderNotifications from './search-provider-notifications.ts';
import searchProviderRecommendations from './search-provider-recommendations.ts';
import stockRoute from './stock-route.ts';
import urlMapRoute from './url-map-route.ts';

/**
 * The catalogue area: search, URL map, render-list, stock and directory under the prefix app.ts gives (/api).
 * The plugin itself skips Fastify's encapsulation (as fastify-plugin does) because the configurable-child 301 must
 * see page requests that no /api route handles; its routes still live in their own prefixed child context.
 */
const routes: FastifyPluginAsyncTypebox<{ prefix?: string }> = async (app, opts) => {
  app.addHook(
    'onRequest',
    childRedirectHook(() => app.db),
  );
  app.addHook('onReady', async () => {
    try {
      await warmUpCatalogPlanner(app.db);
    } catch (err) {
      // Only a speed-up: a database user without the rights to analyze still serves correct answers.
      app.log.warn({ err: { message: (err as Error).message } }, 'catalog planner warm-up skipped');
    }
  });
  await app.register(
    async (api) => {
      await api.register(searchRoute);
      await api.register(urlMapRoute);
      await api.register(renderListRoute);
      await api.register(stockRoute);
      await api.register(directoryRoute);
      await api.register(landingPageRoute);
      await api.register(productReviewsRoute);
      await api.register(searchProviderAutocomplete);
      await api.register(searchProviderRecommendations);
      await api.register(searchProviderNotifications);
    },
    { prefix: opts.prefix ?? '/api' },
  );
};
(routes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
export default routes;
