import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, type TestServer } from '../support/test-server.ts';
import { PHONE, logInAs, useAppInChromium } from './browser.ts';

/**
 * Password reset from the mail in the outbox to logging in with the new password, and change password in Persoonlijke
 * gegevens (spec 000 §5, §7; spec 001 §8 texts), on a phone.
 */
let server: TestServer;
let browser: Browser;

useAppInChromium({ products: 4, staticDir: 'dist' }, (app) => ({ server, browser } = app));

const USER = '/api/ext/shop/user';
const PASSWORD = 'Zomer#Jas2026';
const OFFLINE_TEXT = 'Wachtwoord herstellen werkt niet zonder internetverbinding.';

async function registerByApi(prefix: string): Promise<string> {
  const email = `${prefix}.${randomBytes(4).toString('hex')}@example.nl`;
  const res = await api(server, 'POST', `${USER}/create`, {
    customer: { email, firstname: 'Stijn', lastname: 'Visser' },
    password: PASSWORD,
  });
  expect(res.status).toBe(200);
  return email;
}

const loginStatus = async (email: string, password: string) =>
  (await api(server, 'POST', `${USER}/login`, { username: email, password })).status;

async function phonePage(): Promise<Page> {
  return (await browser.newContext(PHONE)).newPage();
}

/** The link of the latest reset mail to this address, as the shopper would click it. */
async function resetLinkFromOutbox(email: string): Promise<string> {
  const { rows } = await server.db.query<{ body: string }>(
    'select body from outbox_emails where to_address = $1 order by id desc limit 1',
    [email],
  );
  const link = /\/password\/reset\?\S+/.exec(rows[0]?.body ?? '')?.[0];
  if (!link) throw new Error(`no reset link in the outbox for ${email}`);
  return link;
}

describe('password reset (spec 000 §7 reset-password, create-password)', () => {
  test('forgot password → the link in the mail → a new password (refused offline) → log in with it', async () => {
    const email = await registerByApi('vergeten');
    const p = await phonePage();
    try {
      await p.goto(`${server.baseUrl}/login/`);
      await p.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
      await p.getByRole('heading', { level: 1, name: 'Wachtwoord herstellen' }).waitFor();
      await p.locator('main').getByLabel('E-mailadres').fill(email);
      await p.getByRole('button', { name: 'Stuur herstellink' }).click();
      await p.getByText('Als er een account bestaat voor dit adres').waitFor({ timeout: 15_000 });

      await p.goto(`${server.baseUrl}${await resetLinkFromOutbox(email)}`);
      await p.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord instellen' }).waitFor();
      await p.getByText(`Kies een nieuw wachtwoord voor ${email}.`).waitFor();
      const main = p.locator('main');
      // the registration's rules
      await main.getByLabel(/^Nieuw wachtwoord/).fill('kort');
      await main.getByLabel(/^Herhaal wachtwoord/).fill('anders');
      await p.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
      await p.getByText('Je wachtwoord moet minimaal 8 tekens hebben.').waitFor();
      await p.getByText('De wachtwoorden moeten gelijk zijn.').waitFor();

      const newPassword = 'Winter#Jas2027';
      await main.getByLabel(/^Nieuw wachtwoord/).fill(newPassword);
      await main.getByLabel(/^Herhaal wachtwoord/).fill(newPassword);
      await p.context().setOffline(true);
      await p.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
      await p.getByRole('alert').getByText(OFFLINE_TEXT).waitFor();
      expect(await loginStatus(email, PASSWORD)).toBe(200);

      await p.context().setOffline(false);
      await p.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
      await p.locator('.notification', { hasText: 'Je wachtwoord is gewijzigd' }).waitFor({ timeout: 15_000 });
      await p.waitForURL((url) => url.pathname === '/login/');
      expect(await loginStatus(email, PASSWORD)).toBe(401);

      await logInAs(p, server.baseUrl, email, newPassword);

      // the link is single-use
      await p.goto(`${server.baseUrl}${await resetLinkFromOutbox(email)}`);
      await main.getByLabel(/^Nieuw wachtwoord/).fill('Lente#Jas2028');
      await main.getByLabel(/^Herhaal wachtwoord/).fill('Lente#Jas2028');
      await p.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
      await p.getByRole('alert').getByText('ongeldig of verlopen', { exact: false }).waitFor({ timeout: 15_000 });
      expect(await loginStatus(email, newPassword)).toBe(200);
    } finally {
      await p.context().close();
    }
  });
});

describe('change password in Persoonlijke gegevens (spec 000 §5, §7 change-password)', () => {
  test('wrong current password, offline refusal, then changed: the other device is logged out, this one stays', async () => {
    const email = await registerByApi('wijzig');
    const otherDevice = (await api<string>(server, 'POST', `${USER}/login`, { username: email, password: PASSWORD }))
      .body.result;
    const p = await phonePage();
    try {
      await logInAs(p, server.baseUrl, email, PASSWORD);
      await p.goto(`${server.baseUrl}/mijn-account/persoonlijke-gegevens/`);
      const form = p.locator('.change-password');
      await form.getByRole('heading', { name: 'Wachtwoord wijzigen' }).waitFor({ timeout: 15_000 });
      const newPassword = 'Herfst#Jas2027';

      await form.getByLabel(/^Huidig wachtwoord/).fill('Fout#Wachtwoord1');
      await form.getByLabel(/^Nieuw wachtwoord/).fill(newPassword);
      await form.getByLabel(/^Herhaal wachtwoord/).fill(newPassword);
      await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
      await p.locator('.notification', { hasText: 'Je huidige wachtwoord is onjuist.' }).waitFor({ timeout: 15_000 });

      await form.getByLabel(/^Huidig wachtwoord/).fill(PASSWORD);
      await p.context().setOffline(true);
      await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
      await p.locator('.notification', { hasText: OFFLINE_TEXT }).waitFor();
      await p.context().setOffline(false);

      await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
      await p.locator('.notification', { hasText: 'Je wachtwoord is gewijzigd' }).waitFor({ timeout: 15_000 });
      expect(await form.getByLabel(/^Huidig wachtwoord/).inputValue()).toBe('');
      expect(await loginStatus(email, newPassword)).toBe(200);
      expect(await loginStatus(email, PASSWORD)).toBe(401);
      expect((await api(server, 'GET', `${USER}/me?token=${otherDevice}`)).status).toBe(401);

      // this device stays logged in
      await p.reload();
      await p.waitForFunction(
        () => (document.querySelector('input[name="firstname"]') as HTMLInputElement | null)?.value === 'Stijn',
        undefined,
        { timeout: 15_000 },
      );
    } finally {
      await p.context().close();
    }
  });
});
