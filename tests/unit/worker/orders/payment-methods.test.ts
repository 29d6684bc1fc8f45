import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../../support/test-server.ts';
import { offlinePaymentMethods } from '../../../../worker/orders/payment-methods.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

describe("payment methods of the address's country (spec 000 §5: only available ones)", () => {
  let server: TestServer;
  let skus: string[];
  let h: EngineHarness;

  engineSuite({ products: 8 }, (found) => ({ server, skus } = found));

  const serverCodes = async (country: string) =>
    (
      await server.db.query<{ code: string }>(
        'select code from payment_methods where is_active and $1 = any(countries) order by position, code',
        [country],
      )
    ).rows.map((r) => r.code);

  it("asks the server for the address's country before the cart has the address: a BE address is offered no iDEAL", async () => {
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 1 });
    await h.engine.whenIdle();
    const be = (await h.engine.totals.syncPaymentMethods('BE')).map((m) => m.code);
    expect(be).toEqual(await serverCodes('BE'));
    expect(be).toContain('bancontact');
    expect(be).not.toContain('ideal');
    expect((await h.engine.totals.syncPaymentMethods('NL')).map((m) => m.code)).toContain('ideal');
    expect(h.requests.some((r) => r.url.includes('/payment-methods?') && r.url.includes('country_id=BE'))).toBe(true);
  });

  it("offers, until the server answers, the server's own codes for the country", async () => {
    for (const country of ['NL', 'BE']) {
      const offline = offlinePaymentMethods(country).map((m) => m.code);
      expect(await serverCodes(country)).toEqual(expect.arrayContaining(offline));
    }
    expect(offlinePaymentMethods('BE').map((m) => m.code)).not.toContain('ideal');
    expect(offlinePaymentMethods('NL').map((m) => m.code)).not.toContain('bancontact');
  });
});
