import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/auth/tokens.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../server/auth/config.ts';
import { api, startTestServer, type TestServer } from '../../support/test-server.ts';
import { USER, newCustomer, withToken } from './users-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ products: 2 });
});
afterEach(() => server.setNow(undefined));
afterAll(async () => {
  await server?.close();
});

const refresh = (refreshToken: string) => api<string>(server, 'POST', `${USER}/refresh`, { refreshToken });
const me = (token: string) => api(server, 'GET', withToken(`${USER}/me`, token));

/** A fresh customer whose refresh token was exchanged once at t = 0 s; `at(s)` sets the server clock to t = s. */
async function afterFirstRefresh() {
  const customer = await newCustomer(server);
  const base = new Date();
  const at = (seconds: number) => server.setNow(new Date(base.getTime() + seconds * 1000));
  at(0);
  const first = await refresh(customer.refreshToken);
  return { customer, first, at };
}

/** Refresh tokens of the login session that could still be exchanged. */
async function liveRefreshTokens(anyTokenOfFamily: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number | string }>(
    `select count(*) as n from refresh_tokens
      where family_id = (select family_id from refresh_tokens where token_hash = $1)
        and used_at is null and revoked_at is null`,
    [hashToken(anyTokenOfFamily)],
  );
  return Number(rows[0].n);
}

describe(`refresh retry after a lost answer (reuse grace of ${REFRESH_REUSE_GRACE_SECONDS} s)`, () => {
  it('a retried refresh within the window rotates again and the shopper stays logged in', async () => {
    const { customer, first: lost, at } = await afterFirstRefresh();
    expect(lost.status).toBe(200);

    at(REFRESH_REUSE_GRACE_SECONDS - 5);
    const retry = await refresh(customer.refreshToken);
    expect(retry.status).toBe(200);
    expect(retry.body.meta?.refreshToken).not.toBe(lost.body.meta?.refreshToken);
    expect((await me(retry.body.result)).status).toBe(200);
    // The session goes on: the retry's refresh token rotates normally later.
    at(600);
    const next = await refresh(String(retry.body.meta?.refreshToken));
    expect(next.status).toBe(200);
    expect((await me(next.body.result)).status).toBe(200);
  });

  it('after the retry, the pair issued at the first (lost) rotation is dead', async () => {
    const { customer, first: lost, at } = await afterFirstRefresh();
    at(3);
    const retry = await refresh(customer.refreshToken);
    expect(retry.status).toBe(200);

    expect((await refresh(String(lost.body.meta?.refreshToken))).status).toBe(401);
    expect((await me(lost.body.result)).status).toBe(401);
    // Presenting that never-received token is not a reuse: the retried session is not revoked by it.
    expect((await me(retry.body.result)).status).toBe(200);
  });

  it('reuse after the window is still theft: 401 and the whole family is revoked', async () => {
    const { customer, first, at } = await afterFirstRefresh();
    expect(first.status).toBe(200);

    at(REFRESH_REUSE_GRACE_SECONDS + 1);
    expect((await refresh(customer.refreshToken)).status).toBe(401);
    expect((await me(first.body.result)).status).toBe(401);
    expect((await refresh(String(first.body.meta?.refreshToken))).status).toBe(401);
    expect(await liveRefreshTokens(customer.refreshToken)).toBe(0);
  });

  it('reuse within the window after the successor was used is theft (the first answer did arrive)', async () => {
    const { customer, first, at } = await afterFirstRefresh();
    at(2);
    const second = await refresh(String(first.body.meta?.refreshToken));
    expect(second.status).toBe(200);

    at(4);
    expect((await refresh(customer.refreshToken)).status).toBe(401);
    expect((await me(second.body.result)).status).toBe(401);
    expect(await liveRefreshTokens(customer.refreshToken)).toBe(0);
  });

  it('a retry of a logged-out session is 401, the window does not revive it', async () => {
    const { customer, first: lost, at } = await afterFirstRefresh();
    await api(server, 'POST', withToken(`${USER}/logout`, lost.body.result), {});
    at(2);
    expect((await refresh(customer.refreshToken)).status).toBe(401);
  });

  it('two retries within the window leave exactly one live refresh token: the last one', async () => {
    const { customer, first: lost, at } = await afterFirstRefresh();
    at(5);
    const lostToo = await refresh(customer.refreshToken);
    at(10);
    const retry = await refresh(customer.refreshToken);
    expect([lost.status, lostToo.status, retry.status]).toEqual([200, 200, 200]);
    expect(await liveRefreshTokens(customer.refreshToken)).toBe(1);

    expect((await refresh(String(lost.body.meta?.refreshToken))).status).toBe(401);
    expect((await refresh(String(lostToo.body.meta?.refreshToken))).status).toBe(401);
    expect((await me(lostToo.body.result)).status).toBe(401);
    expect((await me(retry.body.result)).status).toBe(200);
    const next = await refresh(String(retry.body.meta?.refreshToken));
    expect(next.status).toBe(200);
    expect(await liveRefreshTokens(customer.refreshToken)).toBe(1);
  });

  it('two simultaneous retries within the window still leave one live refresh token', async () => {
    const { customer, at } = await afterFirstRefresh();
    at(5);
    const both = await Promise.all([refresh(customer.refreshToken), refresh(customer.refreshToken)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await liveRefreshTokens(customer.refreshToken)).toBe(1);
  });
});
