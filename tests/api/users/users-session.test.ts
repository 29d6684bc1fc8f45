import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../../server/seed/index.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../server/auth/config.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import {
  createCustomer,
  STRONG_PASSWORD,
  USER,
  login,
  newCustomer,
  register,
  uniqueEmail,
  withToken,
} from './users-support.ts';

let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

describe('create (spec 000 §7 "POST create: customer, password")', () => {
  it('creates a customer with id, group id/token, external id and addresses with ids', async () => {
    const email = uniqueEmail('nieuw');
    const res = await api<Record<string, unknown>>(server, 'POST', `${USER}/create`, {
      customer: {
        email,
        firstname: 'Sanne',
        lastname: 'Bakker',
        addresses: [
          {
            firstname: 'Sanne',
            lastname: 'Bakker',
            street: ['Damrak', '1'],
            city: 'Amsterdam',
            postcode: '1012 LG',
            country_id: 'NL',
            default_shipping: true,
          },
        ],
      },
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(200);
    const customer = res.body.result;
    expect(customer).toMatchObject({ email, firstname: 'Sanne', lastname: 'Bakker', group_id: 1 });
    expect(customer.id).toEqual(expect.any(Number));
    expect(customer.external_id).toMatch(/^OFM-C-\d+$/);
    expect(customer.group_token).toEqual(expect.any(String));
    expect(customer).not.toHaveProperty('password_hash');
    const addresses = customer.addresses as Array<Record<string, unknown>>;
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({
      id: expect.any(Number),
      street: ['Damrak', '1'],
      country_id: 'NL',
      default_shipping: true,
    });
    expect(customer.default_shipping).toBe(String(addresses[0].id));
  });

  it('rejects an e-mail that already has an account, case-insensitively', async () => {
    const { email } = await register(server);
    const res = await createCustomer(server, { email: email.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body.result).toBe('Er bestaat al een account met dit e-mailadres.');
  });

  it('rejects a weak password (8+ characters, 3 of 4 classes) naming the field', async () => {
    for (const weak of ['kort#1A', 'alleenkleineletters', 'kleinEnGroot']) {
      const res = await createCustomer(server, {}, weak);
      expect(res.status, weak).toBe(400);
      expect(res.body.result).toMatch(/^body\.password: /);
    }
    const short = await createCustomer(server, {}, 'Kort#1');
    expect(short.body.result).toBe('body.password: Je wachtwoord moet minimaal 8 tekens hebben.');
  });

  it('rejects a malformed e-mail naming the field', async () => {
    const res = await createCustomer(server, { email: 'geen-email@' });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^body\.customer\.email: /);
  });

  it('answers a body without the customer with a 400 naming the field', async () => {
    const res = await api(server, 'POST', `${USER}/create`, { password: STRONG_PASSWORD });
    expect(res).toMatchObject({ status: 400, body: { code: 400, result: 'body.customer is required' } });
  });

  it('stores SQL metacharacters as plain data: quotes and dashes in names, a whole statement in an address', async () => {
    const lastname = "O'Brien' --";
    const street = "'); drop table customers; --";
    const { email } = await register(server, {
      firstname: "D'Artagnan",
      lastname,
      addresses: [
        {
          firstname: 'Jan',
          lastname,
          street: [street, '1'],
          city: 'Delft"; select 1; --',
          postcode: '2611 AA',
          country_id: 'NL',
        },
      ],
    });
    const { token } = await login(server, email);
    const me = await api<{ firstname: string; lastname: string; addresses: Array<{ street: string[]; city: string }> }>(
      server,
      'GET',
      withToken(`${USER}/me`, token),
    );
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({ firstname: "D'Artagnan", lastname });
    expect(me.body.result.addresses[0]).toMatchObject({ street: [street, '1'], city: 'Delft"; select 1; --' });
  });

  it('a name with statement characters is a 400 naming the field, never an SQL error', async () => {
    const res = await createCustomer(server, { firstname: 'Robert', lastname: "x'); drop table customers; --" });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^body\.customer\.lastname: /);
    const count = await server.db.query<{ n: number }>('select count(*)::int as n from customers');
    expect(count.rows[0].n).toBeGreaterThan(1);
  });

  it('rejects HTML/script in names (names are never stored with markup)', async () => {
    const res = await createCustomer(server, { firstname: '<script>alert(1)</script>' });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/^body\.customer\.firstname: /);
    const stored = await server.db.query("select 1 from customers where firstname like '%<script>%'");
    expect(stored.rows).toHaveLength(0);
  });
});

describe('login (spec 000 §7 "POST login: username, password")', () => {
  it('answers an opaque access token with refreshToken and session_expires in meta', async () => {
    const { email } = await register(server);
    const res = await api<string>(server, 'POST', `${USER}/login`, { username: email, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatch(/^[\w-]{40,}$/);
    expect(res.body.meta?.refreshToken).toMatch(/^[\w-]{40,}$/);
    const expires = new Date(String(res.body.meta?.session_expires)).getTime();
    expect(expires - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(3600_000 + 5_000);
    // Only the hash is stored.
    const stored = await server.db.query('select 1 from auth_tokens where token_hash = $1', [res.body.result]);
    expect(stored.rows).toHaveLength(0);
  });

  it('logs in the seeded demo customer', async () => {
    const session = await login(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const me = await api<{ email: string }>(server, 'GET', withToken(`${USER}/me`, session.token));
    expect(me.body.result.email).toBe(DEMO_CUSTOMER.email);
  });

  it('treats the e-mail case-insensitively', async () => {
    const { email } = await register(server);
    await expect(login(server, email.toUpperCase())).resolves.toHaveProperty('token');
  });

  it('answers a wrong password and an unknown user with the same 401 message (no enumeration)', async () => {
    const { email } = await register(server);
    const wrong = await api(server, 'POST', `${USER}/login`, { username: email, password: 'Fout#Wachtwoord9' });
    const unknown = await api(server, 'POST', `${USER}/login`, {
      username: uniqueEmail('onbekend'),
      password: 'Fout#Wachtwoord9',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.result).toBe('Onjuist e-mailadres of wachtwoord.');
  });

  it('rate limit per account: the 6th login within 15 minutes after 5 failures is 429, even with the right password', async () => {
    const { email } = await register(server);
    for (let i = 0; i < 5; i++) {
      const res = await api(server, 'POST', `${USER}/login`, { username: email, password: `Fout#Wachtwoord${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await api(server, 'POST', `${USER}/login`, { username: email, password: STRONG_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.result).toMatch(/Te veel mislukte inlogpogingen/);
    const raw = await fetch(`${server.baseUrl}${USER}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: STRONG_PASSWORD }),
    });
    expect(raw.headers.get('retry-after')).toBe('900');
    // After the window the account may log in again.
    server.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      await expect(login(server, email)).resolves.toHaveProperty('token');
    } finally {
      server.setNow(undefined);
    }
  });

  it('rate limit per client address: 20 failures within 15 minutes block every account from that address', async () => {
    // A clock of its own keeps these failures out of the other tests' window.
    const base = new Date(Date.now() + 3 * 24 * 3600_000);
    server.setNow(base);
    try {
      const { email } = await register(server);
      for (let i = 0; i < 20; i++) {
        const res = await api(server, 'POST', `${USER}/login`, {
          username: uniqueEmail('raden'),
          password: 'Fout#Wachtwoord1',
        });
        expect(res.status).toBe(401);
      }
      const blocked = await api(server, 'POST', `${USER}/login`, { username: email, password: STRONG_PASSWORD });
      expect(blocked.status).toBe(429);
      server.setNow(new Date(base.getTime() + 16 * 60_000));
      await expect(login(server, email)).resolves.toHaveProperty('token');
    } finally {
      server.setNow(undefined);
    }
  });

  it('a successful login clears the account count', async () => {
    const { email } = await register(server);
    for (let i = 0; i < 4; i++)
      await api(server, 'POST', `${USER}/login`, { username: email, password: 'Fout#Wachtwoord1' });
    await login(server, email);
    for (let i = 0; i < 4; i++) {
      const res = await api(server, 'POST', `${USER}/login`, { username: email, password: 'Fout#Wachtwoord1' });
      expect(res.status).toBe(401);
    }
    await expect(login(server, email)).resolves.toHaveProperty('token');
  });
});

describe('session expiry and the token', () => {
  it('every authenticated answer carries meta.session_expires, also an error answer', async () => {
    const { token } = await newCustomer(server);
    const me = await api(server, 'GET', withToken(`${USER}/me`, token));
    expect(me.body.meta?.session_expires).toEqual(expect.any(String));
    const missing = await api(server, 'GET', withToken(`${USER}/transactions/detail?transaction_id=NOPE`, token));
    expect(missing.status).toBe(404);
    expect(missing.body.meta?.session_expires).toEqual(expect.any(String));
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const { token } = await newCustomer(server);
    const res = await fetch(`${server.baseUrl}${USER}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });

  it('no cache keeps an account answer (cache-control: no-store), so a profile refresh is always fresh', async () => {
    const { token, email } = await newCustomer(server);
    const me = await fetch(`${server.baseUrl}${withToken(`${USER}/me`, token)}`);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const login = await fetch(`${server.baseUrl}${USER}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: STRONG_PASSWORD }),
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it('the session slides: each call moves session_expires to now + 1 hour', async () => {
    const start = Date.now();
    const { token } = await newCustomer(server);
    try {
      server.setNow(new Date(start + 50 * 60_000));
      const first = await api(server, 'GET', withToken(`${USER}/me`, token));
      expect(new Date(String(first.body.meta?.session_expires)).getTime()).toBe(start + 110 * 60_000);
      server.setNow(new Date(start + 100 * 60_000));
      const second = await api(server, 'GET', withToken(`${USER}/me`, token));
      expect(second.status).toBe(200);
    } finally {
      server.setNow(undefined);
    }
  });

  it('an expired token (after an hour of inactivity) is 401 Unauthorized', async () => {
    const { token } = await newCustomer(server);
    server.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      const res = await api(server, 'GET', withToken(`${USER}/me`, token));
      expect(res).toMatchObject({ status: 401, body: { code: 401, result: 'Unauthorized' } });
      expect(res.body.meta).toBeUndefined();
    } finally {
      server.setNow(undefined);
    }
  });

  it('a token whose expires_at lies in the past is 401', async () => {
    const { token } = await newCustomer(server);
    await server.db.query(
      "update auth_tokens set expires_at = now() - interval '1 minute' where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [token],
    );
    const res = await api(server, 'GET', withToken(`${USER}/me`, token));
    expect(res.status).toBe(401);
  });

  it('an unknown token and no token are 401', async () => {
    expect((await api(server, 'GET', withToken(`${USER}/me`, 'onzin'))).status).toBe(401);
    expect((await api(server, 'GET', `${USER}/me`)).body).toEqual({ code: 401, result: 'Unauthorized' });
  });
});

describe('refresh (rotating opaque refresh token)', () => {
  it('answers a new access token and a rotated refresh token', async () => {
    const session = await newCustomer(server);
    const res = await api<string>(server, 'POST', `${USER}/refresh`, { refreshToken: session.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body.result).not.toBe(session.token);
    expect(res.body.meta?.refreshToken).not.toBe(session.refreshToken);
    expect(res.body.meta?.session_expires).toEqual(expect.any(String));
    expect((await api(server, 'GET', withToken(`${USER}/me`, res.body.result))).status).toBe(200);
  });

  it('a reused (already rotated) refresh token, past the retry grace window, is 401 and revokes the whole family', async () => {
    const customer = await newCustomer(server);
    const otherDevice = await login(server, customer.email);
    const first = await api<string>(server, 'POST', `${USER}/refresh`, { refreshToken: customer.refreshToken });
    const rotated = String(first.body.meta?.refreshToken);

    // Within REFRESH_REUSE_GRACE_SECONDS a reuse is a retry of a lost answer (tests/api/users/users-refresh-retry.test.ts).
    server.setNow(new Date(Date.now() + (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000));
    try {
      const reuse = await api(server, 'POST', `${USER}/refresh`, { refreshToken: customer.refreshToken });
      expect(reuse).toMatchObject({ status: 401, body: { result: 'Unauthorized' } });

      expect((await api(server, 'GET', withToken(`${USER}/me`, first.body.result))).status).toBe(401);
      expect((await api(server, 'GET', withToken(`${USER}/me`, customer.token))).status).toBe(401);
      expect((await api(server, 'POST', `${USER}/refresh`, { refreshToken: rotated })).status).toBe(401);
      // Another login session of the same customer is not that family.
      expect((await api(server, 'GET', withToken(`${USER}/me`, otherDevice.token))).status).toBe(200);
    } finally {
      server.setNow(undefined);
    }
  });

  it('an unknown or expired refresh token is 401', async () => {
    expect((await api(server, 'POST', `${USER}/refresh`, { refreshToken: 'bestaat-niet' })).status).toBe(401);
    const session = await newCustomer(server);
    server.setNow(new Date(Date.now() + 31 * 24 * 3600_000));
    try {
      expect((await api(server, 'POST', `${USER}/refresh`, { refreshToken: session.refreshToken })).status).toBe(401);
    } finally {
      server.setNow(undefined);
    }
  });

  it('refreshes an access token that expired, as the token lock does after a 401', async () => {
    const session = await newCustomer(server);
    server.setNow(new Date(Date.now() + 2 * 3600_000));
    try {
      expect((await api(server, 'GET', withToken(`${USER}/me`, session.token))).status).toBe(401);
      const res = await api<string>(server, 'POST', `${USER}/refresh`, { refreshToken: session.refreshToken });
      expect(res.status).toBe(200);
      expect((await api(server, 'GET', withToken(`${USER}/me`, res.body.result))).status).toBe(200);
    } finally {
      server.setNow(undefined);
    }
  });
});

describe('logout', () => {
  it('revokes the access token and its refresh family', async () => {
    const session = await newCustomer(server);
    const res = await api(server, 'POST', withToken(`${USER}/logout`, session.token));
    expect(res).toMatchObject({ status: 200, body: { result: true } });
    expect((await api(server, 'GET', withToken(`${USER}/me`, session.token))).status).toBe(401);
    expect((await api(server, 'POST', `${USER}/refresh`, { refreshToken: session.refreshToken })).status).toBe(401);
  });

  it('is idempotent without a valid token', async () => {
    expect((await api(server, 'POST', withToken(`${USER}/logout`, 'onzin'))).status).toBe(200);
  });
});
