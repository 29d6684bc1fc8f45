import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { PHONE, logInAs, useAppInChromium } from './browser.ts';

/**
 * The footer's newsletter signup on a phone (spec 001 §4 "Newsletter signup", §8 texts): the newsletter modal, the
 * e-mail check after the debounce, double opt-in through the link in the outbox, the same address again, and the
 * account's opt-in showing the one subscription.
 */
let server: TestServer;
let browser: Browser;

useAppInChromium({ products: 4, staticDir: 'dist' }, (app) => ({ server, browser } = app));

const USER = '/api/ext/shop/user';
const PASSWORD = 'Zomer#Jas2026';

async function statusOf(email: string): Promise<string | undefined> {
  const { rows } = await server.db.query<{ status: string }>(
    'select status from newsletter_subscriptions where lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.status;
}

async function mailsTo(email: string): Promise<string[]> {
  const { rows } = await server.db.query<{ body: string }>(
    'select body from outbox_emails where to_address = $1 order by id',
    [email],
  );
  return rows.map((r) => r.body);
}

/** Opens the newsletter modal from the footer and signs up with this address. */
async function signUpInFooter(p: Page, email: string): Promise<void> {
  await p.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }).click();
  const modal = p.getByRole('dialog', { name: 'Nieuwsbrief' });
  await modal.getByLabel('E-mailadres').fill(email);
  await modal.getByRole('button', { name: 'Aanmelden', exact: true }).click();
}

describe('newsletter signup (spec 001 §4, §8)', () => {
  test('sign up → confirm through the mail link → the same address again is already subscribed → the account shows the opt-in', async () => {
    const email = `nieuwsbrief.${randomBytes(4).toString('hex')}@example.nl`;
    expect(
      (
        await api(server, 'POST', `${USER}/create`, {
          customer: { email, firstname: 'Ruben', lastname: 'Smit' },
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    const p = await (await browser.newContext(PHONE)).newPage();
    try {
      await logInAs(p, server.baseUrl, email, PASSWORD);
      await p.goto(`${server.baseUrl}/`);

      // the address is checked once the shopper stops typing (500 ms debounce)
      await p.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }).click();
      const modal = p.getByRole('dialog', { name: 'Nieuwsbrief' });
      await modal.getByLabel('E-mailadres').fill('geen-adres');
      await modal.getByText('Vul een geldig e-mailadres in.').waitFor();
      await modal.getByLabel('E-mailadres').fill(email);
      await modal.getByRole('button', { name: 'Aanmelden', exact: true }).click();
      await p
        .locator('.notification', { hasText: 'Bedankt! Bevestig je aanmelding met de link in de e-mail' })
        .waitFor({ timeout: 15_000 });
      await modal.waitFor({ state: 'hidden' });
      expect(await statusOf(email)).toBe('pending');
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);

      const confirmLink = /\/nieuwsbrief\/bevestigen\?token=[\w-]+/.exec(mails[0])![0];
      await p.goto(`${server.baseUrl}${confirmLink}`);
      await p.getByRole('heading', { level: 1, name: 'Aanmelding nieuwsbrief bevestigen' }).waitFor();
      await p.getByText('Je bent aangemeld voor onze nieuwsbrief!').waitFor({ timeout: 15_000 });
      expect(await statusOf(email)).toBe('subscribed');

      await signUpInFooter(p, email);
      await p
        .locator('.notification', { hasText: 'Je bent al aangemeld voor onze nieuwsbrief!' })
        .waitFor({ timeout: 15_000 });
      expect(await mailsTo(email)).toHaveLength(1);

      await p.goto(`${server.baseUrl}/mijn-account/mijn-voorkeuren/`);
      const optIn = p.getByLabel('Ja, ik wil de nieuwsbrief ontvangen');
      await optIn.waitFor({ timeout: 15_000 });
      expect(await optIn.isChecked()).toBe(true);
    } finally {
      await p.context().close();
    }
  });

  test('the unsubscribe link of the mail ends the subscription', async () => {
    const email = `afmelden.${randomBytes(4).toString('hex')}@example.nl`;
    const p = await (await browser.newContext(PHONE)).newPage();
    try {
      await p.goto(`${server.baseUrl}/`);
      await signUpInFooter(p, email);
      await p.locator('.notification', { hasText: 'Bedankt!' }).waitFor({ timeout: 15_000 });
      const unsubscribeLink = /\/nieuwsbrief\/afmelden\?token=[\w-]+/.exec((await mailsTo(email))[0])![0];
      await p.goto(`${server.baseUrl}${unsubscribeLink}`);
      await p.getByText('Je bent afgemeld voor onze nieuwsbrief.').waitFor({ timeout: 15_000 });
      expect(await statusOf(email)).toBe('unsubscribed');
    } finally {
      await p.context().close();
    }
  });
});
