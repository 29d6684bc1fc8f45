import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';
import { USER, newCustomer, uniqueEmail, withToken } from '../users/users-support.ts';

/** Spec 001 §4 "Newsletter signup", §5 newsletter e-mail, §7 "POST newsletter subscribe": double opt-in. */
let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

const NEWSLETTER = '/api/ext/shop/newsletter';

interface Subscribed {
  contact_id: string;
  resultCode: 'confirmation_sent' | 'already_subscribed';
}

const subscribe = (email: unknown) => api<Subscribed>(server, 'POST', `${NEWSLETTER}/subscribe`, { email });

async function mailsTo(email: string) {
  const { rows } = await server.db.query<{ subject: string; body: string }>(
    'select subject, body from outbox_emails where lower(to_address) = lower($1) order by id',
    [email],
  );
  return rows;
}

/** The token of a link in the latest mail to this address: 'bevestigen' (confirm) or 'afmelden' (unsubscribe). */
async function linkToken(email: string, link: 'bevestigen' | 'afmelden'): Promise<string> {
  const mails = await mailsTo(email);
  const match = new RegExp(`/nieuwsbrief/${link}\\?token=([\\w-]+)`).exec(mails.at(-1)?.body ?? '');
  if (!match) throw new Error(`no ${link} link in the mail to ${email}`);
  return match[1];
}

async function statusOf(email: string): Promise<string | undefined> {
  const { rows } = await server.db.query<{ status: string }>(
    'select status from newsletter_subscriptions where lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.status;
}

describe('POST newsletter/subscribe', () => {
  it('a new address is pending and gets one mail with a confirmation and an unsubscribe link', async () => {
    const email = uniqueEmail('nieuws');
    const res = await subscribe(email);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ contact_id: expect.stringMatching(/^ctc_/), resultCode: 'confirmation_sent' });
    expect(await statusOf(email)).toBe('pending');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toMatch(/\/nieuwsbrief\/bevestigen\?token=/);
    expect(mails[0].body).toMatch(/\/nieuwsbrief\/afmelden\?token=/);
    // only the tokens' hashes are stored
    const stored = await server.db.query<{ confirm_token_hash: string }>(
      'select confirm_token_hash from newsletter_subscriptions where email = $1',
      [email],
    );
    expect(stored.rows[0].confirm_token_hash).not.toBe(await linkToken(email, 'bevestigen'));
  });

  it('confirming makes it subscribed; the same address again answers already_subscribed and sends no mail', async () => {
    const email = uniqueEmail('dubbel');
    await subscribe(email);
    const confirm = await api(server, 'POST', `${NEWSLETTER}/confirm`, { token: await linkToken(email, 'bevestigen') });
    expect(confirm).toMatchObject({ status: 200, body: { result: { status: 'subscribed' } } });
    expect(await statusOf(email)).toBe('subscribed');
    const again = await subscribe(email.toUpperCase());
    expect(again.status).toBe(200);
    expect(again.body.result.resultCode).toBe('already_subscribed');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('signing up again before confirming sends a new link, at most 3 mails per address per hour', async () => {
    const email = uniqueEmail('vaak');
    for (let i = 0; i < 5; i++) expect((await subscribe(email)).body.result.resultCode).toBe('confirmation_sent');
    expect(await mailsTo(email)).toHaveLength(3);
    expect(await statusOf(email)).toBe('pending');
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /email/],
      [{ email: 'geen-adres' }, /email/],
      [{ email: 42 }, /email/],
      [{ email: `${'a'.repeat(300)}@example.nl` }, /email/],
    ];
    for (const [body, field] of cases) {
      const res = await api<string>(server, 'POST', `${NEWSLETTER}/subscribe`, body);
      expect(res.status).toBe(400);
      expect(res.body.result).toMatch(field);
    }
    const noToken = await api<string>(server, 'POST', `${NEWSLETTER}/confirm`, {});
    expect(noToken.status).toBe(400);
    expect(noToken.body.result).toMatch(/token/);
  });
});

describe('confirm and unsubscribe links', () => {
  it('an unknown or expired confirmation token is a 400 with a Dutch message', async () => {
    const unknown = await api<string>(server, 'POST', `${NEWSLETTER}/confirm`, { token: 'onbekend-token' });
    expect(unknown).toMatchObject({ status: 400, body: { result: expect.stringMatching(/ongeldig of verlopen/) } });
    const email = uniqueEmail('laat');
    await subscribe(email);
    const token = await linkToken(email, 'bevestigen');
    server.setNow(new Date(Date.now() + 8 * 24 * 3600_000));
    try {
      expect((await api(server, 'POST', `${NEWSLETTER}/confirm`, { token })).status).toBe(400);
    } finally {
      server.setNow(undefined);
    }
    expect(await statusOf(email)).toBe('pending');
  });

  it('the unsubscribe link ends the subscription, and the old confirmation link can no longer revive it', async () => {
    const email = uniqueEmail('weg');
    await subscribe(email);
    const confirm = await linkToken(email, 'bevestigen');
    await api(server, 'POST', `${NEWSLETTER}/confirm`, { token: confirm });
    const res = await api(server, 'POST', `${NEWSLETTER}/unsubscribe`, { token: await linkToken(email, 'afmelden') });
    expect(res).toMatchObject({ status: 200, body: { result: { status: 'unsubscribed' } } });
    expect(await statusOf(email)).toBe('unsubscribed');
    expect((await api(server, 'POST', `${NEWSLETTER}/confirm`, { token: confirm })).status).toBe(400);
    expect(await statusOf(email)).toBe('unsubscribed');
    expect((await api(server, 'POST', `${NEWSLETTER}/unsubscribe`, { token: 'onbekend' })).status).toBe(400);
  });
});

describe("the account's opt-in and the footer share one subscription", () => {
  interface Me {
    preferences: { newsletter: boolean };
  }
  const newsletterOf = async (token: string) =>
    (await api<Me>(server, 'GET', withToken(`${USER}/me`, token))).body.result.preferences.newsletter;

  it('a footer signup shows in the account once confirmed; an opt-out in the account ends it', async () => {
    const c = await newCustomer(server);
    await subscribe(c.email);
    expect(await newsletterOf(c.token)).toBe(false);
    await api(server, 'POST', `${NEWSLETTER}/confirm`, { token: await linkToken(c.email, 'bevestigen') });
    expect(await newsletterOf(c.token)).toBe(true);
    const me = (await api<Me & Record<string, unknown>>(server, 'GET', withToken(`${USER}/me`, c.token))).body.result;
    const optOut = await api(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: { email: c.email, firstname: 'Jan', lastname: 'Jansen', preferences: { newsletter: false } },
    });
    expect(optOut.status).toBe(200);
    expect(me.preferences.newsletter).toBe(true);
    expect(await newsletterOf(c.token)).toBe(false);
    expect(await statusOf(c.email)).toBe('unsubscribed');
    const rows = await server.db.query('select 1 from newsletter_subscriptions where lower(email) = lower($1)', [
      c.email,
    ]);
    expect(rows.rows).toHaveLength(1);
  });

  it('an account opted in answers the footer with already_subscribed', async () => {
    const c = await newCustomer(server);
    await api(server, 'POST', withToken(`${USER}/me`, c.token), {
      customer: { email: c.email, firstname: 'Jan', lastname: 'Jansen', preferences: { newsletter: true } },
    });
    expect((await subscribe(c.email)).body.result.resultCode).toBe('already_subscribed');
  });
});
