import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { CSP_REPORTS_PER_MINUTE } from '../../../server/http/csp-report.ts';
import { CSP_REPORT_PATH, DATA_CSP, HSTS, PERMISSIONS_POLICY } from '../../../server/http/security-headers.ts';
import { type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import {
  ORDER_ADDRESS,
  PAY,
  SHIP,
  insertCheckoutFixtures,
  insertProduct,
  placeOrder,
  type PlacedOrder,
} from '../cart/cart-fixtures.ts';

/**
 * The security headers of every answer and the pages' nonce-based CSP (docs/security.md; needs `npm run build`):
 * a server-rendered page, the shell the service worker stores, an API answer, an image and the payment page.
 */
let server: TestServer;

// A longer start than the default: the server build is loaded as well (slow on a loaded machine).
useTestServer(
  { products: 8, staticDir: 'dist' },
  async (s) => {
    server = s;
    await insertProduct(server.db, { id: 993001, sku: 'S-JAS', priceCents: 2995 });
    await insertCheckoutFixtures(server.db);
  },
  400_000,
);

const get = (path: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html', ...headers } });

/** The CSP's directives by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    (header as string).split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const nonceOf = (csp: Map<string, string[]>) => {
  const source = csp.get('script-src')?.find((value) => value.startsWith("'nonce-"));
  expect(source, "script-src has a 'nonce-…'").toBeDefined();
  return source!.slice("'nonce-".length, -1);
};

/** Every <script> of a document, with its nonce attribute (undefined without one) and its type. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => ({
    nonce: /\snonce="([^"]*)"/.exec(m[1])?.[1],
    type: /\stype="([^"]*)"/.exec(m[1])?.[1],
    external: /\ssrc=/.test(m[1]),
  }));

/** The headers every answer carries, whatever it is. */
function expectBaseHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(headers['permissions-policy']).toContain('geolocation=()');
  // served over plain HTTP here: never HSTS
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** The headers of a document: those of every answer and the page CSP. */
function expectCommonHeaders(headers: Record<string, unknown>) {
  expectBaseHeaders(headers);
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('report-uri')).toEqual([CSP_REPORT_PATH]);
  const scripts = csp.get('script-src')!;
  expect(scripts).toContain("'strict-dynamic'");
  expect(scripts.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp.get('style-src')!.join(' ')).not.toMatch(/unsafe-inline/);
  return csp;
}

describe('security headers', () => {
  test('a server-rendered page: strict CSP whose nonce is on every inline script, and a new one per answer', async () => {
    const first = await get('/');
    const second = await get('/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    const nonces = [first, second].map((res) => {
      const nonce = nonceOf(expectCommonHeaders(res.headers));
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      const scripts = scriptsOf(res.body);
      const executable = scripts.filter((s) => s.type === undefined || s.type === 'module');
      // the consent and accessibility scripts, the router's data and the starter at least
      expect(executable.length).toBeGreaterThanOrEqual(4);
      for (const script of executable) expect(script.nonce, 'each inline script carries the nonce').toBe(nonce);
      expect(res.body).toContain(`<meta property="csp-nonce" content="${nonce}"/>`);
      // no style attribute in the served HTML (style-src refuses them)
      expect(res.body).not.toMatch(/<[a-z][^>]*\sstyle="/i);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("a page's ETag is the same across nonces, and its 304 leaves the stored copy's CSP in place", async () => {
    // The shell-only server (no server build): its catalogue pages are byte-identical but for the nonce.
    const shellDir = await mkdtemp(join(tmpdir(), 'ofm-shell-'));
    await copyFile('dist/index.html', join(shellDir, 'index.html'));
    const shellOnly = await buildApp({ db: server.db, logLevel: 'silent', staticDir: shellDir });
    try {
      const first = await shellOnly.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const nonce = nonceOf(directives(first.headers['content-security-policy']));
      const scripts = scriptsOf(first.body);
      expect(scripts.some((s) => s.external)).toBe(true);
      for (const script of scripts) expect(script.nonce).toBe(nonce);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await shellOnly.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept': 'text/html', 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers['content-security-policy']).toBeUndefined();
      expect(again.headers['x-frame-options']).toBe('DENY');
    } finally {
      await shellOnly.close();
      await rm(shellDir, { recursive: true, force: true });
    }
  });

  test("the shell the service worker stores carries its answer's nonce on its scripts", async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    const nonce = nonceOf(expectCommonHeaders(res.headers));
    const scripts = scriptsOf(res.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.nonce).toBe(nonce);
  });

  test('an API answer: nosniff and a CSP that allows nothing; no-store on one that carries a cart or a customer, not on the catalogue', async () => {
    const catalogue = await server.app.inject({ method: 'GET', url: '/api/directory/countries' });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.headers['content-type']).toMatch(/^application\/json/);
    expectBaseHeaders(catalogue.headers);
    expect(catalogue.headers['content-security-policy']).toBe(DATA_CSP);
    expect(catalogue.headers['cache-control']).toBeUndefined();

    const cart = await server.app.inject({ method: 'POST', url: '/api/ext/shop/cart/create' });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['x-content-type-options']).toBe('nosniff');
    expect(cart.headers['cache-control']).toBe('no-store');
    const cartId = JSON.parse(cart.body).result as string;

    const totals = await server.app.inject({ method: 'GET', url: `/api/ext/shop/cart/totals?cartId=${cartId}` });
    expect(totals.headers['cache-control']).toBe('no-store');
    // a credential in the address: the page or answer sends no referrer anywhere
    expect(totals.headers['referrer-policy']).toBe('no-referrer');

    const me = await server.app.inject({ method: 'GET', url: '/api/ext/shop/user/me?token=not-a-token' });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  test('an image: nosniff, no framing, its long caching kept', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/icons/apple-touch-icon.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expectBaseHeaders(res.headers);
    // not a document: no page CSP (a script, which a worker runs under its own answer's CSP, neither)
    expect(res.headers['content-security-policy']).toBeUndefined();
    const script = await server.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=0');
  });

  test("the payment page: its style by the answer's style nonce, never stored, no referrer, not frameable", async () => {
    const placed = await placeOrder(server, {
      order_id: randomUUID(),
      products: [{ sku: 'S-JAS', qty: 1 }],
      addressInformation: {
        shippingAddress: ORDER_ADDRESS,
        billingAddress: ORDER_ADDRESS,
        shipping_method_code: SHIP.home,
        shipping_carrier_code: SHIP.carrier,
        payment_method_code: PAY.ideal,
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { redirect_url } = (placed.body.result as PlacedOrder).payment;
    const res = await get(redirect_url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Betalen');
    const csp = directives(res.headers['content-security-policy']);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const styleNonce = csp
      .get('style-src')!
      .find((v) => v.startsWith("'nonce-"))!
      .slice(7, -1);
    expect(res.body).toContain(`<style nonce="${styleNonce}">`);
    expect(res.body).not.toMatch(/<[a-z][^>]*\sstyle="/i);
  });
});

describe('HSTS only over HTTPS', () => {
  const shop = async (options: { publicOrigin?: string; trustProxy?: boolean }) =>
    buildApp({ db: server.db, logLevel: 'silent', ...options });

  test('PUBLIC_ORIGIN https: every answer; forwarded https behind a trusted proxy: that answer; plain HTTP: none', async () => {
    const behindHttps = await shop({ publicOrigin: 'https://www.ofm.nl' });
    const res = await behindHttps.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    await behindHttps.close();

    const proxied = await shop({ trustProxy: true });
    const forwarded = await proxied.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forwarded.headers['strict-transport-security']).toBe(HSTS);
    const plain = await proxied.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    await proxied.close();

    // a forwarded protocol from a proxy that is not trusted is not believed
    const direct = await shop({ publicOrigin: 'http://127.0.0.1:8080' });
    const spoofed = await direct.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    await direct.close();
  });

  test('with analytics configured, the tag manager joins connect-src and img-src; without it, only the shop', async () => {
    const withAnalytics = await buildApp({
      db: server.db,
      logLevel: 'silent',
      analytics: { tagManagerId: 'GTM-TEST', ga4: true },
    });
    const csp = directives(
      (await withAnalytics.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(csp.get('img-src')).toContain('https://*.googletagmanager.com');
    await withAnalytics.close();
  });
});

describe('CSP violation reports', () => {
  test('logged without credentials, in both report formats; rate-limited per address', async () => {
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp({ db: server.db, logLevel: 'warn', logStream });
    const legacy = await app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://127.0.0.1/account/reset-password?resetToken=SECRET-RESET&x=1',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'line-number': 3,
        },
      }),
    });
    expect(legacy.statusCode).toBe(204);
    const reporting = await app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          body: {
            documentURL: 'http://127.0.0.1/pay/SECRET-KEY',
            blockedURL: 'https://evil.example/x.js?token=SECRET-TOKEN',
            effectiveDirective: 'script-src-elem',
          },
        },
      ]),
    });
    expect(reporting.statusCode).toBe(204);
    const violations = lines.map((line) => JSON.parse(line)).filter((entry) => entry.cspViolation);
    expect(violations.map((v) => v.cspViolation)).toEqual([
      {
        directive: 'script-src-elem',
        blocked: 'inline',
        document: 'http://127.0.0.1/account/reset-password?resetToken=[redacted]&x=1',
        line: 3,
      },
      {
        directive: 'script-src-elem',
        blocked: 'https://evil.example/x.js?token=[redacted]',
        document: 'http://127.0.0.1/pay/[redacted]',
      },
    ]);
    expect(lines.join('\n')).not.toMatch(/SECRET/);

    // garbage is answered like a report, never a crash
    const junk = await app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'application/csp-report' },
      payload: '{not json',
    });
    expect(junk.statusCode).toBe(204);

    const statuses: number[] = [];
    for (let i = 0; i < CSP_REPORTS_PER_MINUTE; i++) {
      const res = await app.inject({
        method: 'POST',
        url: CSP_REPORT_PATH,
        headers: { 'content-type': 'application/csp-report' },
        payload: '{}',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 204).length).toBe(CSP_REPORTS_PER_MINUTE - 3);
    await app.close();
  });
});
