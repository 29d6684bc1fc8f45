import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { STRONG_PASSWORD, USER, login, newCustomer, uniqueEmail, withToken } from './users-support.ts';

let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

describe('password reset, create-password and change-password', () => {
  const tokenFromOutbox = async (to: string) => {
    const { rows } = await server.db.query<{ body: string }>(
      'select body from outbox_emails where lower(to_address) = lower($1) order by id desc limit 1',
      [to],
    );
    return rows[0] ? decodeURIComponent(/resetToken=([^\s&]+)/.exec(rows[0].body)![1]) : undefined;
  };

  it('reset-password answers 200 for known and unknown e-mails; only a known one gets a mail in the outbox', async () => {
    const c = await newCustomer(server);
    const unknownEmail = uniqueEmail('onbekend');
    const known = await api(server, 'POST', `${USER}/reset-password`, { email: c.email });
    const unknown = await api(server, 'POST', `${USER}/reset-password`, { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await tokenFromOutbox(c.email)).toMatch(/^[\w-]{40,}$/);
    expect(await tokenFromOutbox(unknownEmail)).toBeUndefined();
    const stored = await server.db.query('select expires_at from password_reset_tokens where customer_id = $1', [c.id]);
    expect(stored.rows).toHaveLength(1);
  });

  it('at most 3 reset mails per account per hour; the answer stays 200', async () => {
    const c = await newCustomer(server);
    for (let i = 0; i < 4; i++)
      expect((await api(server, 'POST', `${USER}/reset-password`, { email: c.email })).status).toBe(200);
    const mails = await server.db.query('select 1 from outbox_emails where to_address = $1', [c.email]);
    expect(mails.rows).toHaveLength(3);
  });

  it('create-password sets the new password with a valid reset token, once; old sessions end', async () => {
    const c = await newCustomer(server);
    await api(server, 'POST', `${USER}/reset-password`, { email: c.email });
    const resetToken = (await tokenFromOutbox(c.email))!;
    const newPassword = 'Nieuw!Wachtwoord7';
    const res = await api(server, 'POST', `${USER}/create-password`, { email: c.email, newPassword, resetToken });
    expect(res).toMatchObject({ status: 200, body: { result: true } });
    await expect(login(server, c.email, newPassword)).resolves.toHaveProperty('token');
    expect((await api(server, 'GET', withToken(`${USER}/me`, c.token))).status).toBe(401);
    const reuse = await api(server, 'POST', `${USER}/create-password`, {
      email: c.email,
      newPassword: 'Nog#Eentje99',
      resetToken,
    });
    expect(reuse.status).toBe(400);
  });

  it('create-password refuses an expired token, a wrong e-mail and a weak password', async () => {
    const c = await newCustomer(server);
    await api(server, 'POST', `${USER}/reset-password`, { email: c.email });
    const resetToken = (await tokenFromOutbox(c.email))!;
    const weak = await api(server, 'POST', `${USER}/create-password`, {
      email: c.email,
      newPassword: 'zwak',
      resetToken,
    });
    expect(weak.status).toBe(400);
    const other = await api(server, 'POST', `${USER}/create-password`, {
      email: uniqueEmail(),
      newPassword: 'Nieuw!Wachtwoord7',
      resetToken,
    });
    expect(other.status).toBe(400);
    server.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      const late = await api(server, 'POST', `${USER}/create-password`, {
        email: c.email,
        newPassword: 'Nieuw!Wachtwoord7',
        resetToken,
      });
      expect(late).toMatchObject({ status: 400, body: { result: expect.stringMatching(/ongeldig of verlopen/) } });
    } finally {
      server.setNow(undefined);
    }
    await expect(login(server, c.email)).resolves.toHaveProperty('token');
  });

  it('create-password with an unknown token is a 400 with the Dutch text; the password stays', async () => {
    const c = await newCustomer(server);
    const res = await api<string>(server, 'POST', `${USER}/create-password`, {
      email: c.email,
      newPassword: 'Nieuw!Wachtwoord7',
      resetToken: 'dit-token-bestaat-niet',
    });
    expect(res).toMatchObject({ status: 400, body: { result: expect.stringMatching(/ongeldig of verlopen/) } });
    await expect(login(server, c.email)).resolves.toHaveProperty('token');
  });

  it('create-password and change-password: bad input is a 400 naming the field, never a 500', async () => {
    const c = await newCustomer(server);
    const create: [Record<string, unknown>, RegExp][] = [
      [{ newPassword: 'Nieuw!Wachtwoord7', resetToken: 'x' }, /email/],
      [{ email: c.email, resetToken: 'x' }, /newPassword/],
      [{ email: c.email, newPassword: 'Nieuw!Wachtwoord7' }, /resetToken/],
      [{ email: c.email, newPassword: 'Nieuw!Wachtwoord7', resetToken: 'x'.repeat(201) }, /resetToken/],
      [{ email: c.email, newPassword: 'x'.repeat(257), resetToken: 'x' }, /newPassword/],
    ];
    for (const [body, field] of create) {
      const res = await api<string>(server, 'POST', `${USER}/create-password`, body);
      expect(res.status).toBe(400);
      expect(res.body.result).toMatch(field);
    }
    const change = await api<string>(server, 'POST', withToken(`${USER}/change-password`, c.token), {
      newPassword: 'Herfst#Jas2027',
    });
    expect(change.status).toBe(400);
    expect(change.body.result).toMatch(/currentPassword/);
    const anonymous = await api(server, 'POST', `${USER}/change-password`, {
      currentPassword: 'Zomer#Jas2026',
      newPassword: 'Herfst#Jas2027',
    });
    expect(anonymous.status).toBe(401);
  });

  it('change-password: 200 with the right current password; other sessions end, this one stays', async () => {
    const c = await newCustomer(server);
    const otherDevice = await login(server, c.email);
    const newPassword = 'Herfst#Jas2027';
    const res = await api(server, 'POST', withToken(`${USER}/change-password`, c.token), {
      currentPassword: STRONG_PASSWORD,
      newPassword,
    });
    expect(res).toMatchObject({ status: 200, body: { result: true } });
    expect((await api(server, 'GET', withToken(`${USER}/me`, c.token))).status).toBe(200);
    expect((await api(server, 'GET', withToken(`${USER}/me`, otherDevice.token))).status).toBe(401);
    await expect(login(server, c.email, newPassword)).resolves.toHaveProperty('token');
  });

  it('change-password failures explain themselves in result.errorMessage (wrong current, weak new)', async () => {
    const c = await newCustomer(server);
    const wrong = await api<{ errorMessage: string }>(server, 'POST', withToken(`${USER}/change-password`, c.token), {
      currentPassword: 'Fout#Wachtwoord1',
      newPassword: 'Herfst#Jas2027',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.errorMessage).toBe('Je huidige wachtwoord is onjuist.');
    const weak = await api<{ errorMessage: string }>(server, 'POST', withToken(`${USER}/change-password`, c.token), {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'zwak',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.result.errorMessage).toEqual(expect.any(String));
    expect(weak.body.meta?.session_expires).toEqual(expect.any(String));
  });
});
