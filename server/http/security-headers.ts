import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from './redact.ts';

/** Where browsers send Content-Security-Policy violations (server/http/csp-report.ts). */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API's name for that endpoint (`report-to`, `Reporting-Endpoints`). */
const CSP_REPORT_GROUP = 'csp';

/**
 * GA4 through the tag manager (Google's documented origins for a CSP): gtm.js and gtag.js are loaded by the app's
 * own script, which 'strict-dynamic' trusts, but their hits are fetches and image beacons to these hosts.
 */
const TAG_MANAGER_ORIGINS = [
  'https://*.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * What the shop uses of the browser's powerful features: nothing (no geolocation: the store locator lists stores by
 * the shopper's choice of city, docs/security.md). Each is denied to the page and to any frame.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Two years, the HSTS preload list's minimum; only ever sent over HTTPS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * API answers that carry a customer, a cart, an order or a token: never stored by a browser or proxy cache, whatever
 * the route says. A request that carries a credential (a token in its query, an Authorization header) is one too.
 */
const PERSONAL_API =
  /^\/api\/(ext\/shop\/(user|cart|donation|newsletter|wishlist|flying-blue|orders?)|orders?|guest-order)(\/|$|\?)/;

export interface SecurityHeadersOptions {
  /** env PUBLIC_ORIGIN: an https origin means the shop is only ever reached over HTTPS. */
  publicOrigin?: string;
  /** Analytics is configured (a tag-manager id and GA4 on): its origins join connect-src and img-src. */
  analytics: boolean;
}

/**
 * The security headers of every answer (docs/security.md). Helmet sets them on the request, with a per-response
 * nonce (`reply.cspNonce.script`, `.style`) in the Content-Security-Policy: the server-rendered page puts it on each
 * of its inline scripts (server/pages/), nothing else runs. The CSP is on every answer (an API's JSON opened as a
 * document runs nothing either); the rest of what differs per answer is added here.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const thirdParty = options.analytics ? TAG_MANAGER_ORIGINS : [];
  const https = options.publicOrigin?.startsWith('https://') === true;
  await app.register(helmet, {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // + 'nonce-…' (helmet): only scripts the server wrote, and what they load ('strict-dynamic'); 'self' is for
        // browsers older than CSP 3, which ignore 'strict-dynamic' (a CSP 3 browser ignores 'self' beside it).
        'script-src': ["'strict-dynamic'", "'self'"],
        'script-src-attr': ["'none'"],
        // + 'nonce-…' (helmet) for the payment page's own <style>; style="" in served HTML is refused.
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', ...thirdParty],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...thirdParty],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-src': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        'report-uri': [CSP_REPORT_PATH],
        'report-to': [CSP_REPORT_GROUP],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Decided per request below: never over plain HTTP.
    strictTransportSecurity: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('reporting-endpoints', `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
    if (https || servedOverHttps(request)) reply.header('strict-transport-security', HSTS);
    // A credential in the address (a password reset, a payment key, a guest's order id) goes to no other site.
    if (redactUrl(request.url) !== request.url) reply.header('referrer-policy', 'no-referrer');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (carriesSomethingPersonal(request)) reply.header('cache-control', 'no-store');
    // A 304 lets the browser keep its stored page with that page's headers; a fresh CSP here would replace the
    // stored one, whose nonce is the one in the stored HTML (docs/security.md "Nonces and caches").
    if (reply.statusCode === 304) reply.raw.removeHeader('content-security-policy');
    else scopeCsp(reply);
    return payload;
  });
}

/** What an answer that is not a document runs: nothing, and nothing may frame it (an API's JSON opened in a tab). */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The page CSP is for documents. JSON gets one that allows nothing; a script keeps none: a worker runs under the CSP
 * of its own script's answer, and the page's nonce would refuse the sync engine's imports ('strict-dynamic' ignores
 * 'self'). Images, styles and the manifest are not documents and get none either.
 */
function scopeCsp(reply: FastifyReply): void {
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('text/html')) return;
  if (type.startsWith('application/json')) reply.raw.setHeader('content-security-policy', DATA_CSP);
  else reply.raw.removeHeader('content-security-policy');
}

/** The connection's protocol: the socket's, or the forwarded one when TRUST_PROXY trusts the proxy that says so. */
function servedOverHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

function carriesSomethingPersonal(request: FastifyRequest): boolean {
  if (!request.url.startsWith('/api/')) return false;
  return (
    PERSONAL_API.test(request.url) ||
    request.headers.authorization !== undefined ||
    redactUrl(request.url) !== request.url
  );
}
