import { describe, expect, it, vi } from 'vitest';
import { DeliveryOptions, PARCEL_SHOPS_FAILED, offlineShippingMethods } from '../../../../worker/orders/delivery.ts';
import { contextSuite } from '../support/test-db.ts';

vi.setConfig({ testTimeout: 30_000 });

const suite = contextSuite(4);
const parcelShopCalls = (requests: string[]) => requests.filter((p) => p.startsWith('/api/ext/parcel-shops/'));

describe('parcel shops and pickup stores (spec 001 §3 "Parcel shop state", §4 "Parcel shops (Budbee)", §7)', () => {
  it('fetches Budbee boxes once per postcode: the same postcode, however spelled, is not fetched again', async () => {
    const ctx = await suite.open();
    const delivery = new DeliveryOptions(ctx);
    const first = await delivery.parcelShops('budbee', 'NL', '1015 CJ');
    expect(first.ok).toBe(true);
    const shops = first.ok ? first.shops : [];
    expect(shops.length).toBeGreaterThan(0);
    expect(shops.every((s) => s.carrier === 'budbee' && s.address.city === 'Amsterdam')).toBe(true);

    expect(await delivery.parcelShops('budbee', 'NL', '1015cj')).toEqual(first);
    expect(parcelShopCalls(ctx.requests)).toHaveLength(1);

    const utrecht = await delivery.parcelShops('budbee', 'NL', '3511 AB');
    expect(utrecht.ok && utrecht.shops[0].address.city).toBe('Utrecht');
    expect(parcelShopCalls(ctx.requests)).toHaveLength(2);
  });

  it('fetches DHL ServicePoints each time the picker asks', async () => {
    const ctx = await suite.open();
    const delivery = new DeliveryOptions(ctx);
    await delivery.parcelShops('dhl', 'BE', '2000');
    const again = await delivery.parcelShops('dhl', 'BE', '2000');
    expect(again.ok && again.shops.every((s) => s.carrier === 'dhl' && s.address.country_id === 'BE')).toBe(true);
    expect(parcelShopCalls(ctx.requests)).toHaveLength(2);
  });

  it("answers 'Could not load locations, please try again!' offline and for a postcode the server refuses", async () => {
    const ctx = await suite.open({ online: false });
    const delivery = new DeliveryOptions(ctx);
    expect(await delivery.parcelShops('budbee', 'NL', '1015 CJ')).toEqual({
      ok: false,
      messageKey: PARCEL_SHOPS_FAILED,
    });
    ctx.online.next(true);
    expect(await delivery.parcelShops('dhl', 'NL', '0000')).toEqual({ ok: false, messageKey: PARCEL_SHOPS_FAILED });
    // the failure is not remembered as the last fetched postcode: the next try asks the server
    expect((await delivery.parcelShops('budbee', 'NL', '1015 CJ')).ok).toBe(true);
  });

  it('lists the pickup stores of the chosen country, and the cached list offline', async () => {
    const ctx = await suite.open();
    const delivery = new DeliveryOptions(ctx);
    const be = await delivery.pickupStores('BE');
    expect(be.length).toBeGreaterThan(0);
    expect(be.every((s) => s.country_id === 'BE')).toBe(true);
    const nl = await delivery.pickupStores('NL');
    expect(nl.length).toBeGreaterThan(0);
    expect(nl.every((s) => s.country_id === 'NL')).toBe(true);
    ctx.online.next(false);
    expect(await delivery.pickupStores('BE')).toEqual(be);
  });

  it("the methods shown before the server answers are the server's own codes for the country", async () => {
    for (const country of ['NL', 'BE']) {
      const { rows } = await suite
        .server()
        .db.query<{ code: string }>(
          "select carrier_code || ':' || method_code as code from shipping_methods where is_active and $1 = any(countries) order by position",
          [country],
        );
      const offline = offlineShippingMethods(country);
      expect(offline.map((m) => `${m.carrier_code}:${m.method_code}`)).toEqual(rows.map((r) => r.code));
      expect(offline.every((m) => m.offline)).toBe(true);
    }
  });
});
