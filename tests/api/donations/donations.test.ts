import { describe, expect, it } from 'vitest';
import type { CreatedDonation, DonationPaymentMethod, DonationRecord } from '../../../contract/donation.ts';
import { redactUrl } from '../../../server/http/redact.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

/**
 * Donations (spec 001 §3 "Donation", §5 "Donation … successes require code 200", §7 "GET donations payment_methods",
 * "POST create_donation", "GET donation by {hashKey}"), paid on the shop's local payment page.
 */
let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

const DONATION = '/api/ext/shop/donation';

const donation = (overrides: Record<string, unknown> = {}) => ({
  cause_slug: 'movember',
  frequency: 'once',
  amount_cents: 2500,
  name: 'Sanne de Boer',
  email: 'sanne.deboer@example.nl',
  payment_method: 'ideal',
  ...overrides,
});

const create = (body: unknown) => api<CreatedDonation>(server, 'POST', `${DONATION}/create_donation`, body);
const byHash = (hashKey: string) => api<DonationRecord>(server, 'GET', `${DONATION}/by-hash/${hashKey}`);

/** A button of the payment page (a plain HTML form post); the answer is its redirect, not followed. */
const postForm = (path: string) =>
  fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

async function created(overrides: Record<string, unknown> = {}): Promise<CreatedDonation> {
  const res = await create({ donation: donation(overrides) });
  expect(res.status).toBe(200);
  return res.body.result;
}

describe('donation payment methods', () => {
  it('lists the active methods in order', async () => {
    const res = await api<DonationPaymentMethod[]>(server, 'GET', `${DONATION}/payment_methods`);
    expect(res.status).toBe(200);
    expect(res.body.result.map((m) => m.code)).toEqual(['ideal', 'bancontact', 'creditcard']);
    expect(res.body.result[0].title).toBe('iDEAL');
  });
});

describe('create_donation → payment page → donation by hash key', () => {
  it('a one-off donation is pending, shown on the payment page and paid once', async () => {
    const { hash_key, redirect_url } = await created();
    expect(redirect_url).toMatch(/^\/pay\/[\w-]{40,}$/);
    expect(hash_key).toMatch(/^[\w-]{40,}$/);
    expect(redirect_url).not.toContain(hash_key);

    const pending = await byHash(hash_key);
    expect(pending.status).toBe(200);
    expect(pending.body.result).toMatchObject({
      cause_slug: 'movember',
      cause_title: 'Movember: samen voor mannengezondheid',
      frequency: 'once',
      amount_cents: 2500,
      name: 'Sanne de Boer',
      payment_method_title: 'iDEAL',
      status: 'pending',
      redirect_url,
    });

    const page = await (await fetch(server.baseUrl + redirect_url)).text();
    expect(page).toContain('Movember: samen voor mannengezondheid');
    expect(page).toContain('€\u00a025,00');
    expect(page).not.toContain('per maand');

    const paid = await postForm(`${redirect_url}/complete`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/mannen-voor-mannen/donatie/${hash_key}`);
    expect((await byHash(hash_key)).body.result).toMatchObject({ status: 'paid', redirect_url: null });

    // a late cancel changes nothing
    await postForm(`${redirect_url}/cancel`);
    expect((await byHash(hash_key)).body.result.status).toBe('paid');
  });

  it('a monthly donation is stored as monthly and cancelling it on the payment page cancels it', async () => {
    const { hash_key, redirect_url } = await created({
      frequency: 'monthly',
      amount_cents: 1234,
      payment_method: 'bancontact',
    });
    const page = await (await fetch(server.baseUrl + redirect_url)).text();
    expect(page).toContain('€\u00a012,34 per maand');
    expect(page).toContain('Bancontact');
    const cancelled = await postForm(`${redirect_url}/cancel`);
    expect(cancelled.headers.get('location')).toBe(`/mannen-voor-mannen/donatie/${hash_key}`);
    expect((await byHash(hash_key)).body.result).toMatchObject({ frequency: 'monthly', status: 'cancelled' });
    const { rows } = await server.db.query('select frequency, amount_cents from donations where hash_key = $1', [
      hash_key,
    ]);
    expect(rows[0]).toEqual({ frequency: 'monthly', amount_cents: 1234 });
  });

  it('a donation left pending past the payment expiry reads as cancelled', async () => {
    const { hash_key, redirect_url } = await created();
    server.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      expect((await byHash(hash_key)).body.result.status).toBe('cancelled');
      expect(await (await fetch(server.baseUrl + redirect_url)).text()).toContain('geannuleerd');
    } finally {
      server.setNow(undefined);
    }
  });

  it('an unknown hash key is a 404 with a Dutch message, an unknown payment key the 404 page', async () => {
    const res = await byHash('onbekend');
    expect(res.status).toBe(404);
    expect(res.body.result).toBe('Deze donatie bestaat niet.');
    expect((await postForm('/pay/onbekend/complete')).status).toBe(404);
  });
});

describe('create_donation refuses bad input with a 400 naming the field', () => {
  it.each([
    [{ amount_cents: 99 }, 'body.donation.amount_cents: Kies een bedrag van € 1 tot € 10.000.'],
    [{ amount_cents: 1_000_001 }, 'body.donation.amount_cents: Kies een bedrag van € 1 tot € 10.000.'],
    [{ amount_cents: 12.5 }, 'body.donation.amount_cents'],
    [{ frequency: 'weekly' }, 'body.donation.frequency'],
    [{ name: '<script>' }, 'body.donation.name: Een naam heeft minimaal 2 letters.'],
    [{ email: 'geen-adres' }, 'body.donation.email: Vul een geldig e-mailadres in.'],
    [{ payment_method: 'riverty' }, 'body.donation.payment_method: Kies een betaalmethode.'],
    [{ cause_slug: 'bestaat-niet' }, 'body.donation.cause_slug: Voor deze actie kan niet (meer) worden gedoneerd.'],
    // a published story that is no donation page
    [{ cause_slug: '../over-ons' }, 'body.donation.cause_slug'],
  ])('%j', async (overrides, message) => {
    const res = await create({ donation: donation(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.result).toContain(message);
  });

  it('without a donation object', async () => {
    const res = await create({ amount_cents: 500 });
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('donation');
  });

  it('stores nothing for a refused donation', async () => {
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from donations where cause_slug = 'bestaat-niet' or amount_cents = 99`,
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('keys never reach a log line', () => {
  it.each([
    ['/api/ext/shop/donation/by-hash/geheim', '/api/ext/shop/donation/by-hash/[redacted]'],
    ['/mannen-voor-mannen/donatie/geheim', '/mannen-voor-mannen/donatie/[redacted]'],
    ['/pay/geheim/complete', '/pay/[redacted]/complete'],
    ['/api/ext/shop/donation/payment_methods', '/api/ext/shop/donation/payment_methods'],
    ['/mannen-voor-mannen/movember', '/mannen-voor-mannen/movember'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
