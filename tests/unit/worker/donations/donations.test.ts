import { describe, expect, it } from 'vitest';
import { createShopWorkerApi } from '../../../../worker/api-impl.ts';
import type { DonationInput, ShopNotification } from '../../../../worker/api-types.ts';
import { contextSuite } from '../support/test-db.ts';

/**
 * The worker's donations area against the real server (spec 001 §3 "Donation", §5 successes need code 200, §8
 * "Donation errors show the server message as an error notification with OK").
 */
const suite = contextSuite(4);

const donation = (overrides: Partial<DonationInput> = {}): DonationInput => ({
  cause_slug: 'movember',
  frequency: 'once',
  amount_cents: 1000,
  name: 'Joost Peeters',
  email: 'joost.peeters@example.be',
  payment_method: 'bancontact',
  ...overrides,
});

async function open(online = true) {
  const ctx = await suite.open({ online });
  const notifications: ShopNotification[] = [];
  ctx.notifications.subscribe((n) => notifications.push(n));
  return { ctx, api: createShopWorkerApi(ctx), notifications };
}

describe('donations area', () => {
  it('lists the payment methods, creates a donation answering the payment page and reads it back by hash key', async () => {
    const { api, notifications } = await open();
    expect((await api.donationPaymentMethods())?.map((m) => m.code)).toEqual(['ideal', 'bancontact', 'creditcard']);
    const created = await api.createDonation(donation({ frequency: 'monthly' }));
    if (!created.ok) throw new Error(created.messageKey);
    expect(created.redirectUrl).toMatch(/^\/pay\//);
    const { rows } = await suite
      .server()
      .db.query<{ hash_key: string }>('select hash_key from donations where donor_name = $1', ['Joost Peeters']);
    const found = await api.donationByHash(rows[0].hash_key);
    expect(found).toMatchObject({
      ok: true,
      donation: { status: 'pending', frequency: 'monthly', amount_cents: 1000 },
    });
    expect(notifications).toEqual([]);
  });

  it("a refused donation shows the server's message as an error with OK", async () => {
    const { api, notifications } = await open();
    const refused = await api.createDonation(donation({ amount_cents: 50 }));
    const message = 'body.donation.amount_cents: Kies een bedrag van € 1 tot € 10.000.';
    expect(refused).toEqual({ ok: false, messageKey: message });
    expect(notifications).toMatchObject([
      { type: 'danger', messageKey: message, action: { labelKey: 'OK' }, hasNoTimeout: true },
    ]);
  });

  it('offline nothing is sent and the donor is told; an unknown hash key is not found', async () => {
    const { ctx, api, notifications } = await open(false);
    expect(await api.createDonation(donation())).toMatchObject({ ok: false });
    expect(ctx.requests.filter((path) => path.includes('donation'))).toEqual([]);
    expect(notifications[0]).toMatchObject({ type: 'danger', action: { labelKey: 'OK' } });
    ctx.online.next(true);
    expect(await api.donationByHash('onbekend')).toEqual({ ok: false, reason: 'not-found' });
  });
});
