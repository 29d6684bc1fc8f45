import { beforeAll, describe, expect, it, vi } from 'vitest';
import { api, type TestServer } from '../../../support/test-server.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import {
  PROVIDER_NOTIFICATION_URL,
  TASK_PROVIDER_NOTIFICATION,
} from '../../../../worker/search-provider/notifications.ts';
import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import { dutchCheckoutDetails } from '../support/checkout.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

const PASSWORD = 'Welkom#2026x';

describe('search provider on the device (spec 001 §3 "Recommendation identity", §4, §7 "POST notifications")', () => {
  let server: TestServer;
  let skus: string[];
  let h: EngineHarness;

  engineSuite({ products: 12 }, (found) => ({ server, skus } = found));

  async function eventsOf(sessionKey: string) {
    const { rows } = await server.db.query<{ type: string; customer_key: string; payload: Record<string, unknown> }>(
      'select type, customer_key, payload from analytics_events where session_key = $1 order by id',
      [sessionKey],
    );
    return rows;
  }

  const notificationsSent = () => h.requests.filter((r) => r.url.startsWith(PROVIDER_NOTIFICATION_URL));

  it('a notification made offline is stored, sent once on going online, and reaches the server with the keys', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    const keys = await h.engine.providerIdentity.keys();
    await h.engine.providerNotifier.send({ type: 'click', ticket: 'ALTERNATIVES:ABC' });
    const [stored] = await h.engine.queue.pending();
    expect(stored).toMatchObject({
      kind: TASK_PROVIDER_NOTIFICATION,
      silent: true,
      payload: { type: 'click', ticket: 'ALTERNATIVES:ABC', ...keys },
    });
    expect(notificationsSent()).toEqual([]);

    await h.engine.setOnline(true);
    await h.engine.whenIdle();
    expect(await eventsOf(keys.sessionKey)).toEqual([
      { type: 'search-provider:click', customer_key: keys.customerKey, payload: { ticket: 'ALTERNATIVES:ABC' } },
    ]);
    expect(await h.engine.queue.pending()).toEqual([]);
  });

  it('an answer lost on the way is sent again until answered, and a refused one is not retried nor shown', async () => {
    h = await engineFor(server);
    await h.engine.start();
    const keys = await h.engine.providerIdentity.keys();
    let lost = 0;
    h.intercept(async (req, real) => {
      if (req.url.startsWith(PROVIDER_NOTIFICATION_URL) && lost < 1) {
        lost += 1;
        throw new NetworkError('no answer', 'ENETWORK');
      }
      return real();
    });
    await h.engine.providerNotifier.send({ type: 'add-to-cart', productKey: skus[0] });
    await h.engine.whenIdle();
    expect(notificationsSent().map((r) => r.code)).toEqual(['no answer', 200]);
    expect((await eventsOf(keys.sessionKey)).map((e) => e.type)).toEqual(['search-provider:add-to-cart']);

    // a type the provider refuses (a 400) is an answer: dropped without a notice to the shopper
    await h.engine.queue.enqueue({
      kind: TASK_PROVIDER_NOTIFICATION,
      url: PROVIDER_NOTIFICATION_URL,
      payload: { type: 'purchase', productKey: skus[0], ...keys },
      silent: true,
    });
    await h.engine.whenIdle();
    expect(notificationsSent().map((r) => r.code)).toEqual(['no answer', 200, 400]);
    expect(h.notes).toEqual([]);
    expect(await h.engine.queue.pending()).toEqual([]);
  });

  it('the keys are stored uuids, the customer key is the external_id while logged in, and logout renews both', async () => {
    h = await engineFor(server);
    await h.engine.start();
    const guest = await h.engine.providerIdentity.keys();
    expect(guest.sessionKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(guest.customerKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await h.engine.providerIdentity.keys()).toEqual(guest);

    const email = `zoeker-${Date.now()}@example.nl`;
    const created = await api<{ external_id: string }>(server, 'POST', '/api/ext/shop/user/create', {
      customer: { email, firstname: 'Sem', lastname: 'de Vries' },
      password: PASSWORD,
    });
    expect(created.status).toBe(200);
    await h.engine.session.login(email, PASSWORD);
    const member = await h.engine.providerIdentity.keys();
    expect(member).toEqual({ sessionKey: guest.sessionKey, customerKey: created.body.result.external_id });

    await h.engine.session.logout({ silent: true });
    await vi.waitFor(async () =>
      expect((await h.engine.providerIdentity.keys()).sessionKey).not.toBe(guest.sessionKey),
    );
    const after = await h.engine.providerIdentity.keys();
    expect(after.customerKey).not.toBe(guest.customerKey);
    expect(after.customerKey).not.toBe(member.customerKey);
  });

  describe('order placement', () => {
    let details: CheckoutDetails;
    beforeAll(async () => {
      details = await dutchCheckoutDetails(server, { email: 'zoek@example.nl', firstname: 'Sem', lastname: 'Bos' });
    });

    it('placing an order renews both keys; a notification queued before keeps the keys it was made with', async () => {
      h = await engineFor(server, { online: false });
      await h.engine.start();
      const before = await h.engine.providerIdentity.keys();
      await h.engine.providerNotifier.send({ type: 'add-to-cart', productKey: skus[0] });
      await h.engine.cart.add({ sku: skus[0], qty: 1 });
      await h.engine.checkout.save(details);
      expect((await h.engine.checkout.placeOrder()).ok).toBe(true);
      await vi.waitFor(async () =>
        expect((await h.engine.providerIdentity.keys()).sessionKey).not.toBe(before.sessionKey),
      );
      const after = await h.engine.providerIdentity.keys();
      expect(after.customerKey).not.toBe(before.customerKey);
      const queued = (await h.engine.queue.pending()).find((t) => t.kind === TASK_PROVIDER_NOTIFICATION);
      expect(queued?.payload).toMatchObject(before);
    });
  });
});
