import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../../../../server/seed/demo-customer.ts';
import { accountReads, INVALID_COUPON } from '../../../../worker/user/account-reads.ts';
import { api, type TestServer } from '../../../support/test-server.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

describe('account reads (spec 001 §2: OFM Club, in-store purchases, coupons)', () => {
  let server: TestServer;
  let h: EngineHarness;

  engineSuite({ products: 12 }, (found) => ({ server } = found));

  async function demo() {
    h = await engineFor(server);
    await h.engine.start();
    expect(await h.engine.session.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).toEqual({ ok: true });
    return accountReads(h.engine.queue, h.engine.session.profile);
  }

  it('a guest gets no loyalty or transactions (null, nothing sent without a token)', async () => {
    h = await engineFor(server);
    await h.engine.start();
    const reads = accountReads(h.engine.queue, h.engine.session.profile);
    expect(await reads.loadLoyalty()).toBeNull();
    expect(await reads.loadTransactions()).toBeNull();
  });

  it('loyalty overview: level, spend of the last 12 months, points and the history entries', async () => {
    const loyalty = await (await demo()).loadLoyalty();
    expect(['bronze', 'silver', 'gold']).toContain(loyalty?.level);
    expect(loyalty?.spend_last_12_months).toEqual(expect.any(Number));
    expect(loyalty?.points_available).toEqual(expect.any(Number));
    expect(loyalty?.entries.length).toBeGreaterThan(0);
    expect(loyalty?.entries.some((e) => e.description === 'Omgezet naar Flying Blue Miles')).toBe(true);
  });

  it('in-store purchases: the list (newest first) and one by id; an unknown id is null', async () => {
    const reads = await demo();
    const list = await reads.loadTransactions();
    expect(list?.length).toBeGreaterThan(0);
    const dates = list!.map((t) => Date.parse(t.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const one = await reads.loadTransaction(list![0].transaction_id);
    expect(one).toMatchObject({ transaction_id: list![0].transaction_id, total: list![0].total });
    expect(await reads.loadTransaction('bestaat-niet')).toBeNull();
  });

  it("add-coupon stores the customer's coupons; an invalid code answers 'Not a valid coupon code.'", async () => {
    const reads = await demo();
    expect(await reads.addCoupon('GEEN-COUPON')).toEqual({ ok: false, messageKey: INVALID_COUPON });
    expect(await reads.addCoupon('WINTER2024')).toEqual({ ok: false, messageKey: INVALID_COUPON });
    expect(await reads.addCoupon('zomer20')).toEqual({ ok: true });
    const codes = (await h.engine.session.state()).current?.coupons?.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['ZOMER20', 'DAAN-VERJAARDAG']));
    const me = await api(server, 'GET', `/api/ext/shop/user/me?token=${(await h.engine.session.state()).token}`);
    expect((me.body.result as { coupons: { code: string }[] }).coupons.map((c) => c.code)).toContain('ZOMER20');
  });
});
