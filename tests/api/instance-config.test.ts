import { get } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, parseTrustProxy } from '../../server/config.ts';
import { LOGIN_FAILURES_PER_ADDRESS } from '../../server/auth/config.ts';
import { listenOnLoopback, startTestServer, type TestServer } from '../support/test-server.ts';
import { USER, uniqueEmail } from './users/users-support.ts';

/** What running N instances behind a load balancer needs from one instance (docs/operations.md "Running N instances"). */
let server: TestServer;
let proxied: FastifyInstance;
let proxiedUrl: string;

beforeAll(async () => {
  server = await startTestServer({ products: 2 });
  proxied = await buildApp({ db: server.db, logLevel: 'silent', trustProxy: parseTrustProxy('1') });
  proxiedUrl = await listenOnLoopback(proxied);
});
afterAll(async () => {
  await proxied?.close();
  await server?.close();
});

describe('configuration from the environment', () => {
  it('TRUST_PROXY, DATABASE_POOL_SIZE and SHUTDOWN_TIMEOUT_MS', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ TRUST_PROXY: 'true', DATABASE_POOL_SIZE: '4', SHUTDOWN_TIMEOUT_MS: '2500' })).toMatchObject({
      trustProxy: true,
      databasePoolSize: 4,
      shutdownTimeoutMs: 2500,
    });
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
    expect(parseTrustProxy('false')).toBe(false);
  });
});

describe('behind a trusted proxy each shopper keeps their own address', () => {
  it(`the per-address login limit counts the forwarded address, not the proxy's`, async () => {
    server.setNow(new Date(Date.now() + 40 * 24 * 3600_000));
    try {
      const login = (forwardedFor: string) =>
        fetch(`${proxiedUrl}${USER}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          body: JSON.stringify({ username: uniqueEmail('proxy'), password: 'Fout#Wachtwoord1' }),
        });
      for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) expect((await login('198.51.100.7')).status).toBe(401);
      expect((await login('198.51.100.7')).status).toBe(429);
      expect((await login('198.51.100.8')).status).toBe(401);
    } finally {
      server.setNow(undefined);
    }
  });
});

describe('health, readiness and graceful shutdown', () => {
  it('/healthz answers while the process lives; /readyz while it can serve', async () => {
    expect(await (await fetch(`${server.baseUrl}/healthz`)).json()).toEqual({ code: 200, result: 'ok' });
    expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toEqual({ code: 200, result: 'ready' });
  });

  it('close() lets a request in flight finish, then refuses new ones', async () => {
    const app = await buildApp({ db: server.db, logLevel: 'silent' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.get('/test/slow', async () => {
      await held;
      return { code: 200, result: 'klaar' };
    });
    const url = await listenOnLoopback(app);
    // A connection of its own (no keep-alive pool), as a load balancer's request would arrive.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      get(`${url}/test/slow`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }).on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 50));
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50));
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ code: 200, result: 'klaar' });
    await closing;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
