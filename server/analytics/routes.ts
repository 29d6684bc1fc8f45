import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../http/envelope.ts';

/** The tag-manager settings of this storefront (env TAG_MANAGER_ID, GA4_ENABLED; README.md "Configuration"). */
export interface AnalyticsSettings {
  /** The tag-manager container id ('GTM-XXXX'); absent → analytics is off. */
  tagManagerId?: string;
  /** The GA4 flag (spec 001 §5): analytics runs only with an id and this on. */
  ga4: boolean;
}

/**
 * `GET /api/analytics/config`: what the app needs to decide whether analytics runs (spec 001 §5). Public: a
 * container id is in every page of a shop that uses one.
 */
const analyticsRoutes: FastifyPluginAsyncTypebox<{ settings: AnalyticsSettings }> = async (app, { settings }) => {
  app.get('/config', async (_request, reply) =>
    ok(reply, { tagManagerId: settings.tagManagerId ?? null, ga4: settings.ga4 }),
  );
};

export default analyticsRoutes;
