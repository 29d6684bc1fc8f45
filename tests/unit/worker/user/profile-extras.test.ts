import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../../../server/seed/demo-customer.ts';
import { api, type TestServer } from '../../../support/test-server.ts';
import { engineFor, engineSuite } from '../support/engine.ts';

/**
 * What the worker reads after the profile (spec 000 §6 personal pricing, spec 001 §4 "Engagement: the contact id is
 * fetched after the profile loads, using the user's external_id"), the contact overview and its queued PATCH, and
 * logout clearing them.
 */
describe('personal prices and the engagement contact after login', () => {
  let server: TestServer;

  engineSuite({ products: 12 }, (found) => ({ server } = found));

  /** The demo customer's personal prices as the server lists them: sku → cents. */
  async function serverPersonalPrices(token: string): Promise<Record<string, number>> {
    const res = await api<{ ppr_coupon_result: string[] }>(
      server,
      'GET',
      `/api/ext/shop/user/personal-pricing/client?token=${token}`,
    );
    return Object.fromEntries(
      res.body.result.ppr_coupon_result.map((entry) => {
        const { sku, personal_price } = JSON.parse(entry) as { sku: string; personal_price: number };
        return [sku, Math.round(personal_price * 100)];
      }),
    );
  }

  it('login stores the personal prices and the contact id; the overview and a PATCH follow; logout clears them', async () => {
    const h = await engineFor(server);
    await h.engine.start();
    expect(await h.engine.session.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).toEqual({ ok: true });
    const state = await h.engine.session.state();
    const expected = await serverPersonalPrices(state.token!);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(state.personalPrices).toEqual(expected);
    expect(state.contact).toEqual({ contactId: 'ctc_7f3a9c2e51d04b8a', enrichedData: null });
    expect(h.requests.map((r) => r.url).find((url) => url.includes('contact-id'))).toContain(
      `customKey=${DEMO_CUSTOMER.externalId}`,
    );

    const overview = await h.engine.session.profile.engagement.loadContactOverview();
    expect(overview).toEqual({
      contactId: 'ctc_7f3a9c2e51d04b8a',
      enrichedData: { favstore: 'ofm-amsterdam-kalverstraat', favbrand: 'Nordic Tailor' },
    });

    // local at once, then the queued PATCH
    expect(
      await h.engine.session.profile.engagement.updateContact({ favbrand: 'Nordic Tailor, Maison Delft' }),
    ).toEqual({
      ok: true,
    });
    expect(h.engine.session.profile.contact()?.enrichedData?.favbrand).toBe('Nordic Tailor, Maison Delft');
    await h.engine.whenIdle();
    const { rows } = await server.db.query<{ attributes: Record<string, unknown> }>(
      'select attributes from engagement_contacts where contact_id = $1',
      ['ctc_7f3a9c2e51d04b8a'],
    );
    expect(rows[0].attributes).toMatchObject({
      favstore: 'ofm-amsterdam-kalverstraat',
      favbrand: 'Nordic Tailor, Maison Delft',
    });
    expect(h.requests.some((r) => r.method === 'PATCH' && r.code === 200)).toBe(true);

    await h.engine.session.logout({ silent: true });
    expect(await h.engine.session.state()).toMatchObject({ personalPrices: null, contact: null });
    expect(h.engine.session.profile.contact()).toBeNull();
  });

  it('a refused PATCH is told and the platform keeps its value', async () => {
    const h = await engineFor(server);
    await h.engine.start();
    expect(await h.engine.session.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).toEqual({ ok: true });
    await h.engine.session.profile.engagement.updateContact({ favstore: 'bestaat-niet' });
    await h.engine.whenIdle();
    expect(h.notes.at(-1)).toMatchObject({ type: 'danger', messageKey: 'We could not update your account' });
    const { rows } = await server.db.query<{ attributes: Record<string, unknown> }>(
      'select attributes from engagement_contacts where contact_id = $1',
      ['ctc_7f3a9c2e51d04b8a'],
    );
    expect(rows[0].attributes.favstore).not.toBe('bestaat-niet');
  });
});
