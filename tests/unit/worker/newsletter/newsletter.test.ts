import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createShopWorkerApi } from '../../../../worker/api-impl.ts';
import { NEWSLETTER_TEXT } from '../../../../worker/newsletter/index.ts';
import { contextSuite } from '../support/test-db.ts';

/** The worker's newsletter area against the real server (spec 001 §4 "Newsletter signup", §8 texts). */
const suite = contextSuite(4);

const newEmail = () => `brief.${randomBytes(4).toString('hex')}@example.nl`;

async function confirmToken(email: string): Promise<string> {
  const { rows } = await suite
    .server()
    .db.query<{ body: string }>('select body from outbox_emails where to_address = $1 order by id desc limit 1', [
      email,
    ]);
  return /bevestigen\?token=([\w-]+)/.exec(rows[0].body)![1];
}

describe('newsletter area', () => {
  it('sent → confirmed → the same address again is already subscribed, with the spec texts', async () => {
    const api = createShopWorkerApi(await suite.open());
    const email = newEmail();
    expect(await api.newsletterEmail()).toBeNull();
    expect(await api.subscribeNewsletter(` ${email} `)).toEqual({
      ok: true,
      outcome: 'sent',
      messageKey: NEWSLETTER_TEXT.confirmationSent,
    });
    // spec 000 §9 storage key "newsletter email": the address the server took is kept for the form's next showing
    expect(await api.newsletterEmail()).toBe(email);
    expect(await api.subscribeNewsletter('geen-adres')).toMatchObject({ outcome: 'failed' });
    expect(await api.newsletterEmail()).toBe(email);
    expect(await api.confirmNewsletter(await confirmToken(email))).toEqual({
      ok: true,
      messageKey: NEWSLETTER_TEXT.confirmed,
    });
    expect(await api.subscribeNewsletter(email)).toEqual({
      ok: false,
      outcome: 'already-subscribed',
      messageKey: 'You are already subscribed to our newsletter!',
    });
  });

  it("offline it is refused without a request; a bad address or link answers the server's Dutch text", async () => {
    const ctx = await suite.open({ online: false });
    const api = createShopWorkerApi(ctx);
    expect(await api.subscribeNewsletter(newEmail())).toMatchObject({ ok: false, outcome: 'failed' });
    expect(ctx.requests.filter((path) => path.includes('newsletter'))).toEqual([]);
    ctx.online.next(true);
    expect(await api.subscribeNewsletter('geen-adres')).toMatchObject({
      outcome: 'failed',
      messageKey: 'body.email: Vul een geldig e-mailadres in.',
    });
    expect(await api.confirmNewsletter('onbekend')).toMatchObject({
      ok: false,
      messageKey: expect.stringMatching(/ongeldig of verlopen/),
    });
  });
});
