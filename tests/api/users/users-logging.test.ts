import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { seed } from '../../../server/seed/index.ts';
import { STRONG_PASSWORD, USER, uniqueEmail } from './users-support.ts';

/** The real app with its real logger, writing into `lines` instead of stdout. */
let db: Database;
let app: FastifyInstance;
let baseUrl: string;
const lines: string[] = [];

beforeAll(async () => {
  db = await openDatabase({ dataDir: ':memory:' });
  await seed(db, { products: 2 });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ db, logLevel: 'trace', logStream: stream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const post = (path: string, body: unknown) =>
  fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('tokens never appear in logs (DESIGN.md "never writes a token into a log line")', () => {
  it('no access token, refresh token, reset token or password reaches a log line', async () => {
    const email = uniqueEmail('log');
    expect((await post(`${USER}/create`, { customer: { email, firstname: 'Log', lastname: 'Test' }, password: STRONG_PASSWORD })).status).toBe(200);
    const login = (await (await post(`${USER}/login`, { username: email, password: STRONG_PASSWORD })).json()) as {
      result: string;
      meta: { refreshToken: string };
    };
    const accessToken = login.result;
    const refreshToken = login.meta.refreshToken;

    expect((await fetch(`${baseUrl}${USER}/me?token=${accessToken}`)).status).toBe(200);
    expect((await fetch(`${baseUrl}${USER}/me?token=secret-from-query`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/api/no-such-route?token=secret-on-404`)).status).toBe(404);
    expect((await fetch(`${baseUrl}${USER}/me`, { headers: { authorization: 'Bearer secret-in-header' } })).status).toBe(401);
    const rotated = await post(`${USER}/refresh?token=${accessToken}`, { refreshToken });
    expect(rotated.status).toBe(200);
    const successor = ((await rotated.json()) as { meta: { refreshToken: string } }).meta.refreshToken;
    expect((await post(`${USER}/refresh`, { refreshToken: successor })).status).toBe(200);
    // A reuse after the successor was used is theft even within the retry grace window: logged as a warning.
    expect((await post(`${USER}/refresh`, { refreshToken })).status).toBe(401);
    expect((await post(`${USER}/reset-password`, { email })).status).toBe(200);

    const { rows } = await db.query<{ id: number; body: string }>('select id, body from outbox_emails where to_address = $1', [email]);
    const resetToken = /resetToken=([\w-]+)/.exec(rows[0].body)![1];

    const log = lines.join('');
    expect(log).toContain('[redacted]');
    expect(log).toContain(`password reset mail queued for l***@example.nl (outbox id ${rows[0].id})`);
    expect(log).toContain('reused refresh token');
    for (const secret of [accessToken, refreshToken, successor, resetToken, STRONG_PASSWORD, 'secret-from-query', 'secret-on-404', 'secret-in-header', email]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
  });
});
