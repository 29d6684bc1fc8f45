import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { SHOP_VERSION_HEADER } from '../../domain/shop-version.ts';
import { countClientVersion } from './client-versions.ts';
import { httpDuration, httpRequests, shopRegistry } from './counters.ts';
import { deviceOutboxRegistry } from './device-outbox.ts';
import { poolRegistry } from './pool-gauges.ts';

export interface MetricsSettings {
  /** METRICS_TOKEN: a scraper sending `Authorization: Bearer <token>` is answered from anywhere. */
  token?: string;
  /** METRICS_LOOPBACK (default on): a request from this machine is answered without the token. */
  allowLoopback?: boolean;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * `/metrics` (Prometheus text format) and the request counters behind it. Not public: it answers a request bearing
 * the configured token, or one from loopback. The address is `request.ip`, which follows TRUST_PROXY: behind a proxy
 * on the same machine set TRUST_PROXY, or every visitor would arrive from loopback.
 */
export function installMetrics(app: FastifyInstance, settings: MetricsSettings): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    httpRequests.inc({ method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    if (request.url.startsWith('/api/')) countClientVersion(request.headers[SHOP_VERSION_HEADER]);
  });

  const perApp = [poolRegistry(app.db), deviceOutboxRegistry(app.db, () => app.now())];
  app.get('/metrics', async (request, reply) => {
    if (!allowed(request, settings)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(401).send({ code: 401, result: 'metrics: a bearer token is required' });
    }
    const texts = await Promise.all([shopRegistry, ...perApp].map((registry) => registry.metrics()));
    return reply.type(Registry.PROMETHEUS_CONTENT_TYPE).send(texts.join('\n'));
  });
}

function allowed(request: FastifyRequest, settings: MetricsSettings): boolean {
  const header = request.headers.authorization ?? '';
  if (settings.token && header.startsWith('Bearer ') && sameSecret(header.slice(7).trim(), settings.token)) return true;
  return (settings.allowLoopback ?? true) && LOOPBACK.test(request.ip);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
