import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { editorToken } from '../../../server/content/preview-tokens.ts';
import { redactUrl } from '../../../server/http/redact.ts';
import { seed } from '../../../server/seed/index.ts';
import { listenOnLoopback } from '../../support/test-server.ts';
import { insertCheckoutFixtures, insertProduct, pickupOrderBody } from '../cart/cart-fixtures.ts';
import { STRONG_PASSWORD, USER, uniqueEmail } from './users-support.ts';

/** The real app with its real logger, writing into `lines` instead of stdout. */
let db: Database;
let app: FastifyInstance;
let baseUrl: string;
const lines: string[] = [];

beforeAll(async () => {
  db = await openDatabase({ dataDir: ':memory:' });
  await seed(db, { products: 2 });
  await insertProduct(db, { id: 994001, sku: 'L-SOK', priceCents: 995, stock: { qty: 50 } });
  await insertCheckoutFixtures(db);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ db, logLevel: 'trace', logStream: stream });
  baseUrl = await listenOnLoopback(app);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const post = (path: string, body: unknown) =>
  fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('tokens never appear in logs (docs/security.md "credentials are redacted from every logged URL")', () => {
  it('no access token, refresh token, reset token or password reaches a log line', async () => {
    const email = uniqueEmail('log');
    expect(
      (
        await post(`${USER}/create`, {
          customer: { email, firstname: 'Log', lastname: 'Test' },
          password: STRONG_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const login = (await (await post(`${USER}/login`, { username: email, password: STRONG_PASSWORD })).json()) as {
      result: string;
      meta: { refreshToken: string };
    };
    const accessToken = login.result;
    const refreshToken = login.meta.refreshToken;

    expect((await fetch(`${baseUrl}${USER}/me?token=${accessToken}`)).status).toBe(200);
    expect((await fetch(`${baseUrl}${USER}/me?token=secret-from-query`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/api/no-such-route?token=secret-on-404`)).status).toBe(404);
    expect(
      (await fetch(`${baseUrl}${USER}/me`, { headers: { authorization: 'Bearer secret-in-header' } })).status,
    ).toBe(401);
    const rotated = await post(`${USER}/refresh?token=${accessToken}`, { refreshToken });
    expect(rotated.status).toBe(200);
    const successor = ((await rotated.json()) as { meta: { refreshToken: string } }).meta.refreshToken;
    expect((await post(`${USER}/refresh`, { refreshToken: successor })).status).toBe(200);
    // A reuse after the successor was used is theft even within the retry grace window: logged as a warning.
    expect((await post(`${USER}/refresh`, { refreshToken })).status).toBe(401);
    expect((await post(`${USER}/reset-password`, { email })).status).toBe(200);

    const { rows } = await db.query<{ id: number; body: string }>(
      'select id, body from outbox_emails where to_address = $1',
      [email],
    );
    const resetToken = /resetToken=([\w-]+)/.exec(rows[0].body)![1];

    const log = lines.join('');
    expect(log).toContain('[redacted]');
    expect(log).toContain(`password reset mail queued for l***@example.nl (outbox id ${rows[0].id})`);
    expect(log).toContain('reused refresh token');
    for (const secret of [
      accessToken,
      refreshToken,
      successor,
      resetToken,
      STRONG_PASSWORD,
      'secret-from-query',
      'secret-on-404',
      'secret-in-header',
      email,
    ]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
  });
});

async function call<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; result: T; meta?: Record<string, string> }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = res.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as { result: T; meta?: Record<string, string> })
    : { result: text as T };
  return { status: res.status, result: parsed.result, meta: parsed.meta };
}

/**
 * A whole shopper session: no credential it used — access and refresh token, guest cart id, guest order_id, payment
 * key, preview token, reset token, password — reaches a log line, whatever spelling of the parameter name carried it.
 */
describe('no credential reaches the log', () => {
  it('a scripted session: login, refresh, carts, order, payment page, preview, password reset', async () => {
    const secrets: string[] = [STRONG_PASSWORD];
    const email = uniqueEmail('sessie');
    expect(
      (
        await call('POST', `${USER}/create`, {
          customer: { email, firstname: 'Log', lastname: 'Sessie' },
          password: STRONG_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const login = await call<string>('POST', `${USER}/login`, { username: email, password: STRONG_PASSWORD });
    const token = login.result;
    secrets.push(token, login.meta!.refreshToken);
    // The token under every spelling of its name: plain, upper case, percent-encoded.
    expect((await call('GET', `${USER}/me?token=${token}`)).status).toBe(200);
    expect((await call('GET', `${USER}/me?%74oken=${token}`)).status).toBeLessThan(500);
    expect((await call('GET', `${USER}/me?TOKEN=${token}`)).status).toBeLessThan(500);
    const refreshed = await call<string>('POST', `${USER}/refresh?token=${token}`, {
      refreshToken: login.meta!.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    secrets.push(refreshed.result, refreshed.meta!.refreshToken);

    // A customer cart and a guest cart, addressed by cartId.
    const customerCart = (await call<string>('POST', `/api/ext/shop/cart/create?token=${refreshed.result}`)).result;
    const guestCart = (await call<string>('POST', '/api/ext/shop/cart/create')).result;
    secrets.push(guestCart);
    expect(
      (
        await call('POST', `/api/ext/shop/cart/update?cartId=${guestCart}`, {
          cartItem: { sku: 'L-SOK', qty: 1, quoteId: guestCart },
        })
      ).status,
    ).toBe(200);
    expect((await call('GET', `/api/ext/shop/cart/pull?cartId=${guestCart}`)).status).toBe(200);
    expect((await call('GET', `/api/ext/shop/cart/totals?CartId=${guestCart}`)).status).toBeLessThan(500);
    expect((await call('GET', `/api/ext/shop/cart/pull?cartId=${customerCart}&token=${refreshed.result}`)).status).toBe(
      200,
    );

    // A guest order: its order_id is the guest's key to it, the payment key can pay or cancel it.
    const orderId = randomUUID();
    secrets.push(orderId);
    const order = await call<{ increment_id: string; payment: { redirect_url: string } }>(
      'POST',
      '/api/order',
      pickupOrderBody(guestCart, 'L-SOK', orderId),
    );
    expect(order.status).toBe(200);
    const paymentKey = order.result.payment.redirect_url.replace('/pay/', '');
    secrets.push(paymentKey);
    expect((await call('GET', `/api/order/${order.result.increment_id}?order_id=${orderId}`)).status).toBe(200);
    expect((await call('GET', `/api/order/${orderId}`)).status).toBe(200);
    expect((await call('GET', `/api/ext/shop/flying-blue/redirect/${orderId}`)).status).toBeLessThan(500);
    expect((await call('GET', `/pay/${paymentKey}`)).status).toBe(200);

    // The CMS preview handshake and a draft read with the preview token.
    const timestamp = String(Math.floor(Date.now() / 1000));
    const editor = editorToken('12345', timestamp);
    secrets.push(editor);
    const preview = await call<{ previewToken: string }>(
      'GET',
      `/api/cms/validate-editor?_storyblok=1&_storyblok_tk[space_id]=12345&_storyblok_tk[timestamp]=${timestamp}&_storyblok_tk[token]=${editor}`,
    );
    expect(preview.status).toBe(200);
    secrets.push(preview.result.previewToken);
    expect(
      (await call('GET', `/api/cms/story/nl/home?version=draft&previewToken=${preview.result.previewToken}`)).status,
    ).toBeLessThan(500);

    // Password reset: the mail's link, opened in the shop, and the new password set with its token.
    expect((await call('POST', `${USER}/reset-password`, { email })).status).toBe(200);
    const { rows } = await db.query<{ body: string }>('select body from outbox_emails where to_address = $1', [email]);
    const resetToken = /resetToken=([\w-]+)/.exec(rows[0].body)![1];
    secrets.push(resetToken);
    expect(
      (await call('GET', `/password/reset?email=${encodeURIComponent(email)}&resetToken=${resetToken}`)).status,
    ).toBeLessThan(500);
    const newPassword = 'Herfst#Jas2027';
    secrets.push(newPassword);
    expect((await call('POST', `${USER}/create-password`, { email, newPassword, resetToken })).status).toBe(200);
    expect((await call('POST', `${USER}/logout?token=${refreshed.result}`)).status).toBeLessThan(500);

    const log = lines.join('');
    expect(log).toContain('[redacted]');
    for (const secret of secrets) expect(log, `the log holds ${secret}`).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/x?token=geheim', '/api/x?token=[redacted]'],
    ['/api/x?%74oken=geheim&a=1', '/api/x?%74oken=[redacted]&a=1'],
    ['/api/x?Cart%49d=geheim', '/api/x?Cart%49d=[redacted]'],
    ['/api/x?previewtoken=geheim', '/api/x?previewtoken=[redacted]'],
    [
      '/api/x?_storyblok_tk[token]=geheim&_storyblok_tk[space_id]=1',
      '/api/x?_storyblok_tk[token]=[redacted]&_storyblok_tk[space_id]=1',
    ],
    ['/pay/geheim/cancel', '/pay/[redacted]/cancel'],
    ['/api/order/geheim?order_id=geheim', '/api/order/[redacted]?order_id=[redacted]'],
    ['/api/catalog/nl/product/_search?size=5', '/api/catalog/nl/product/_search?size=5'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
