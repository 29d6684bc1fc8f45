import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { SHOP_VERSION_HEADER } from '../domain/shop-version.ts';
import { buildVersion } from './build-version.ts';
import type { Database } from './db/index.ts';
import { isDataError } from './db/errors.ts';
import { HttpError } from './http/envelope.ts';
import { rejectUnsafeInput } from './http/input-guard.ts';
import { payloadVersionGuard } from './http/payload-version.ts';
import type { PayloadVersions } from '../domain/payload-version.ts';
import { redactUrl } from './http/redact.ts';
import cspReportRoutes from './http/csp-report.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { shellWithNonce } from './http/shell-nonce.ts';
import { boundRouteNumbers } from './http/schema-bounds.ts';
import { describeValidationError } from './http/validation-message.ts';
import catalogRoutes from './catalog/routes.ts';
import contentRoutes from './content/routes.ts';
import userRoutes from './users/routes.ts';
import wishlistRoutes from './wishlist/routes.ts';
import engagementRoutes from './engagement/routes.ts';
import cartRoutes from './cart/routes.ts';
import orderRoutes from './orders/routes.ts';
import paymentRoutes from './orders/payment-routes.ts';
import { orderPayments } from './orders/payment-settle.ts';
import newsletterRoutes from './newsletter/routes.ts';
import donationRoutes from './donations/routes.ts';
import { donationPayments } from './donations/donation-payments.ts';
import analyticsRoutes, { type AnalyticsSettings } from './analytics/routes.ts';
import deliveryRoutes from './delivery/routes.ts';
import giftCardRoutes from './giftcards/routes.ts';
import cartGiftCardRoutes from './cart/giftcard-routes.ts';
import seoRoutes from './seo/routes.ts';
import { pageResponder } from './seo/html-page.ts';
import pages from './pages/index.ts';
import { deviceOutboxRoutes } from './metrics/device-outbox.ts';
import { installMetrics, type MetricsSettings } from './metrics/metrics-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The time the server treats as now; tests move it to exercise date windows and expiry. */
    now(): Date;
  }
}

export interface AppOptions {
  db: Database;
  logLevel?: string;
  /** Built storefront (vite output). When it exists the server serves it with a history fallback. */
  staticDir?: string;
  /** The server build of the app (dist-ssr/entry-server.js); with it and `staticDir` pages are server-rendered. */
  ssrEntry?: string;
  imageDir?: string;
  now?: () => Date;
  /** Where log lines go (default stdout); tests capture them to prove no token is ever logged. */
  logStream?: NodeJS.WritableStream;
  /** Fastify's trustProxy (env TRUST_PROXY): behind a load balancer each shopper keeps their own address. */
  trustProxy?: boolean | number | string;
  /** Told every route as it is registered; the API fuzz test walks the route table with it. */
  onRoute?: (route: RouteOptions) => void;
  /** Tag manager and GA4 flag (env TAG_MANAGER_ID, GA4_ENABLED); default off. */
  analytics?: AnalyticsSettings;
  /** The shop's public origin for canonical URLs and sitemaps (env PUBLIC_ORIGIN); default the request's host. */
  publicOrigin?: string;
  /** Who may read /metrics (env METRICS_TOKEN, METRICS_LOOPBACK); default loopback only. */
  metrics?: MetricsSettings;
  /** The version every answer names (docs/api.md "Versions"); default this checkout's (server/build-version.ts). */
  version?: string;
  /** The write endpoints' payload versions (docs/api.md "Payload versions"); default contract/payload-version.ts's. */
  payloadVersions?: Readonly<Record<string, PayloadVersions>>;
}

/** A file Vite named by its content hash (assets/index-BMKuGDSb.js): a new build has new names. */
const HASHED_BUILD_FILE = /^assets[/\\][^/\\]+-[\w-]{8}\.\w+$/;

/**
 * Caching of the built app's files: a hashed one may be kept for a year without asking again; the rest keeps its name
 * across builds (the service worker, the web manifest, icons, public/ files) and is revalidated on every use, so a
 * deploy is seen at once.
 */
export function builtFileCaching(pathInBuild: string): string {
  return HASHED_BUILD_FILE.test(pathInBuild) ? 'public, max-age=31536000, immutable' : 'public, max-age=0';
}

const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: 1024 * 1024,
    // A hop count as Fastify documents it (trust the n nearest proxies), in the function form its types take.
    trustProxy: typeof options.trustProxy === 'number' ? hopsOf(options.trustProxy) : (options.trustProxy ?? false),
    logger: {
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Tokens travel in the query (spec 000 §6); they must never reach a log line.
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url) }),
      },
    },
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', removeAdditional: false, allowUnionTypes: true } },
    // A URL the router cannot decode, or a path parameter over its length: the envelope, without echoing the URL.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'params: a path parameter is too long' : 'url: not a valid URL';
      return reply.code(status).send({ code: status, result: message });
    },
  });

  // Bad input is a 400 naming the field, decided once for every route (docs/api.md).
  app.addHook('onRoute', boundRouteNumbers);
  app.addHook('onRequest', payloadVersionGuard(options.payloadVersions));
  app.addHook('preValidation', rejectUnsafeInput);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('db', options.db);
  app.decorate('now', options.now ?? (() => new Date()));

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send({ code: error.statusCode, result: error.message, ...(error.meta ? { meta: error.meta } : {}) });
    }
    if ((error as FastifyError).validation) {
      const message = describeValidationError(error as FastifyError);
      return reply.code(400).send({ code: 400, result: message });
    }
    if (isDataError(error)) {
      // The schemas catch what they can name; this is the database refusing a value they let through.
      return reply.code(400).send({ code: 400, result: 'request: a value is out of range or not valid' });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: { message: error.message, stack: error.stack } }, 'request failed');
      return reply.code(500).send({ code: 500, result: 'Internal server error' });
    }
    // Fastify's own client errors (bad JSON, body too large, wrong content type).
    return reply.code(status).send({ code: status, result: error.message });
  });

  // Answers up to 64 KiB (a listing page, a product) are compressed in one synchronous call: through zlib's stream
  // and thread pool, as the plugin does above 8 KiB on two cores, a 28 KB listing measured ~1 ms slower
  // (docs/benchmarks.md). Larger ones (server-rendered pages stream anyway) keep the stream.
  installMetrics(app, options.metrics ?? {});
  const version = options.version ?? buildVersion();
  app.addHook('onRequest', async (_request, reply) => {
    reply.header(SHOP_VERSION_HEADER, version);
  });

  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 64 * 1024 });

  // CSP with a nonce per answer, nosniff, frame and referrer rules, HSTS over HTTPS (docs/security.md).
  const analytics = options.analytics ?? { ga4: false };
  await registerSecurityHeaders(app, {
    publicOrigin: options.publicOrigin,
    analytics: analytics.ga4 && analytics.tagManagerId !== undefined,
  });
  await app.register(cspReportRoutes);

  // Liveness: the process answers. Readiness: it can serve (database reachable) and is not draining for a shutdown,
  // so a load balancer stops sending it new requests while those in flight finish.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.get('/healthz', async (_request, reply) => reply.send({ code: 200, result: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (draining) return reply.code(503).send({ code: 503, result: 'shutting down' });
    try {
      await options.db.query('select 1');
    } catch {
      return reply.code(503).send({ code: 503, result: 'database unavailable' });
    }
    return reply.send({ code: 200, result: 'ready' });
  });

  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api/ext/shop/user' });
  await app.register(wishlistRoutes, { prefix: '/api/ext/shop/user' });
  await app.register(engagementRoutes, { prefix: '/api/ext/shop/user' });
  await app.register(cartRoutes, { prefix: '/api/ext/shop/cart' });
  await app.register(orderRoutes, { prefix: '/api' });
  await app.register(deliveryRoutes, { prefix: '/api' });
  await app.register(deviceOutboxRoutes, { prefix: '/api' });
  await app.register(giftCardRoutes, { prefix: '/api' });
  await app.register(cartGiftCardRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { sources: [orderPayments, donationPayments] });
  await app.register(newsletterRoutes, { prefix: '/api/ext/shop/newsletter' });
  await app.register(donationRoutes, { prefix: '/api/ext/shop/donation' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics', settings: analytics });
  await app.register(seoRoutes, { publicOrigin: options.publicOrigin });

  if (options.imageDir && existsSync(options.imageDir)) {
    await app.register(fastifyStatic, {
      root: resolve(options.imageDir),
      prefix: '/img/',
      decorateReply: false,
      maxAge: '30d',
      immutable: true,
    });
  }

  const staticDir = options.staticDir ? resolve(options.staticDir) : undefined;
  const hasApp = staticDir !== undefined && existsSync(resolve(staticDir, 'index.html'));
  const rendersPages = hasApp && options.ssrEntry !== undefined && existsSync(options.ssrEntry);
  if (hasApp) {
    // No index file for '/': the home page is a page like any other (head tags, status, caching).
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The shell is served with the answer's nonce on its scripts (below).
      globIgnore: ['index.html'],
      cacheControl: false,
      setHeaders: (response, path) => response.setHeader('cache-control', builtFileCaching(relative(staticDir, path))),
    });
  }
  if (hasApp) {
    // The shell the service worker precaches and answers offline navigations with: stored with this answer's
    // headers, so its CSP names the nonce its own scripts carry (docs/security.md "Nonces and caches").
    const shellFile = resolve(staticDir!, 'index.html');
    app.get('/index.html', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', builtFileCaching('index.html'))
        .send(shellWithNonce(await readFile(shellFile, 'utf8'), reply.cspNonce.script)),
    );
  }
  if (rendersPages) {
    await app.register(pages, { staticDir: staticDir!, entry: options.ssrEntry!, publicOrigin: options.publicOrigin });
  }
  // Without the app's server build (a shell-only deploy): the shell with the page's head and status (server/seo/).
  const respondWithPage =
    hasApp && !rendersPages
      ? pageResponder({
          db: () => app.db,
          staticDir: staticDir!,
          publicOrigin: options.publicOrigin,
          now: () => app.now(),
        })
      : undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi =
      path.startsWith('/api/') ||
      path.startsWith('/img/') ||
      path === '/healthz' ||
      path === '/readyz' ||
      path === '/metrics';
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && respondWithPage) {
      // History fallback: the client router renders every app route; the shell carries the page's head and status.
      return respondWithPage(request, reply);
    }
    if (!isApi && request.method === 'GET' && !hasApp) {
      return reply
        .type('text/html')
        .send(
          '<!doctype html><html lang="nl"><meta charset="utf-8"><title>OFM API</title>' +
            '<p>De winkel-API draait. De storefront is nog niet gebouwd: voer <code>npm run build</code> uit.</p></html>',
        );
    }
    return reply.code(404).send({ code: 404, result: `Route ${request.method} ${redactUrl(path)} not found` });
  });

  return app;
}
