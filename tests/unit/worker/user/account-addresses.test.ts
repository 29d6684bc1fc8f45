import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../../support/test-server.ts';
import { ADDRESS_TEXT } from '../../../../worker/user/address-delete.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

const PASSWORD = 'Welkom#2026x';
const USER = '/api/ext/shop/user';

const address = (street: string) => ({
  firstname: 'Sem',
  lastname: 'de Vries',
  street: [street, '10'],
  city: 'Utrecht',
  postcode: '3511 AB',
  country_id: 'NL',
});

/** Address deletion and preferences through the worker's queue (spec 000 §4 sync task, §7 DELETE address / POST me). */
describe('account writes are queued tasks', () => {
  let server: TestServer;
  let h: EngineHarness;
  let n = 0;

  async function newCustomer(addresses: unknown[] = []): Promise<string> {
    const email = `adres-${++n}-${Date.now()}@example.nl`;
    const res = await api(server, 'POST', `${USER}/create`, {
      customer: { email, firstname: 'Sem', lastname: 'de Vries', addresses },
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    return email;
  }

  const serverAddresses = async () =>
    (
      await api<{ addresses: { id: number; street: string[] }[] }>(
        server,
        'GET',
        `${USER}/me?token=${h.engine.session.userToken()}`,
      )
    ).body.result.addresses;

  engineSuite({ products: 4 }, (found) => ({ server } = found));

  it('DELETE address: the address leaves the profile at once, also offline, and is deleted on the server after reconnecting', async () => {
    const email = await newCustomer([address('Oudegracht'), address('Nobelstraat')]);
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.session.login(email, PASSWORD);
    const [first, second] = (await h.engine.session.state()).current!.addresses;

    await h.engine.setOnline(false);
    expect(await h.engine.session.profile.deleteAddress(first.id!)).toEqual({ ok: true });
    expect((await h.engine.session.state()).current!.addresses.map((a) => a.id)).toEqual([second.id]);
    expect(await serverAddresses()).toHaveLength(2);

    await h.engine.setOnline(true);
    await h.engine.whenIdle();
    expect((await serverAddresses()).map((a) => a.id)).toEqual([second.id]);
    expect(h.notes.filter((x) => x.messageKey === ADDRESS_TEXT.deleted)).toHaveLength(1);
    expect(h.requests.filter((r) => r.method === 'DELETE' && r.url.includes('/user/address'))).toHaveLength(1);
  });

  it('a 404 on DELETE address (already deleted elsewhere) counts as deleted; an unknown id is refused locally', async () => {
    const email = await newCustomer([address('Lange Nieuwstraat')]);
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.session.login(email, PASSWORD);
    const [only] = (await h.engine.session.state()).current!.addresses;
    await api(server, 'DELETE', `${USER}/address?token=${h.engine.session.userToken()}&address_id=${only.id}`);
    expect(await h.engine.session.profile.deleteAddress(only.id!)).toEqual({ ok: true });
    await h.engine.whenIdle();
    expect(h.notes.filter((x) => x.messageKey === ADDRESS_TEXT.deleted)).toHaveLength(1);
    expect((await h.engine.session.state()).current!.addresses).toEqual([]);
    expect(await h.engine.session.profile.deleteAddress(99_999_999)).toEqual({
      ok: false,
      messageKey: ADDRESS_TEXT.deleteFailed,
    });
  });

  it('preferences are saved through the queued profile update, offline too, and come back in the profile', async () => {
    const email = await newCustomer();
    const stores = (await api<{ id: number }[]>(server, 'GET', '/api/stores')).body.result;
    const brand = await api<{ items: { options: { value: string }[] }[] }>(
      server,
      'POST',
      '/api/catalog/nl/attribute/_search',
      {
        filter: { attribute_code: 'brand' },
      },
    );
    const brandValue = Number(brand.body.result.items[0].options[1].value);
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.session.login(email, PASSWORD);
    await h.engine.setOnline(false);
    const preferences = { favorite_store_id: stores[0].id, favorite_brands: [brandValue], newsletter: true };
    expect((await h.engine.session.profile.updateProfile({ preferences })).ok).toBe(true);
    expect((await h.engine.session.state()).current!.preferences).toEqual(preferences);
    await h.engine.setOnline(true);
    await h.engine.whenIdle();
    expect(h.notes.some((x) => x.messageKey === 'Account data has successfully been updated')).toBe(true);
    const me = await api<{ preferences: unknown }>(server, 'GET', `${USER}/me?token=${h.engine.session.userToken()}`);
    expect(me.body.result.preferences).toEqual(preferences);
  });

  it('a profile edit sends addresses and preferences only when it changed them: a stale local copy is never written back', async () => {
    const email = await newCustomer([address('Biltstraat')]);
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.session.login(email, PASSWORD);
    const token = h.engine.session.userToken()!;
    const [only] = (await h.engine.session.state()).current!.addresses;
    // another device deletes the address and opts in to the newsletter; this device still has the old profile
    await api(server, 'DELETE', `${USER}/address?token=${token}&address_id=${only.id}`);
    await api(server, 'POST', `${USER}/me?token=${token}`, {
      customer: { email, firstname: 'Sem', lastname: 'de Vries', preferences: { newsletter: true } },
    });
    expect((await h.engine.session.state()).current!.preferences?.newsletter).toBe(false);

    await h.engine.session.profile.updateProfile({ firstname: 'Stijn' });
    await h.engine.whenIdle();
    expect(h.notes.some((x) => x.messageKey === 'Account data has successfully been updated')).toBe(true);
    const me = await api<{ firstname: string; addresses: unknown[]; preferences: { newsletter: boolean } }>(
      server,
      'GET',
      `${USER}/me?token=${h.engine.session.userToken()}`,
    );
    expect(me.body.result).toMatchObject({ firstname: 'Stijn', addresses: [], preferences: { newsletter: true } });
  });
});
