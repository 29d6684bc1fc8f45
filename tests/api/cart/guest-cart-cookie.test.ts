import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../support/server-suite.ts';
import type { TestServer } from '../../support/test-server.ts';
import { makeCustomer } from './cart-fixtures.ts';

/**
 * The guest cart the server remembers for a browser whose storage was wiped (docs/offline-and-storage.md): an
 * HttpOnly, SameSite=Lax cookie set when a guest cart is created, answered by GET remembered only while it names an
 * active guest cart of that store view; a member's cart is never answered through it.
 */
let server: TestServer;
useTestServer({ products: 4 }, (started) => {
  server = started;
});

const CART = '/api/ext/shop/cart';

async function call(method: string, path: string, cookie?: string) {
  const res = await fetch(server.baseUrl + path, { method, headers: cookie ? { cookie } : {} });
  return {
    status: res.status,
    setCookie: res.headers.get('set-cookie'),
    body: (await res.json()) as { result: unknown },
  };
}

const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

describe('the remembered guest cart', () => {
  it('is set HttpOnly, SameSite=Lax and long-lived when a guest cart is created, and answered back', async () => {
    const created = await call('POST', `${CART}/create?storeCode=nl`);
    expect(created.status).toBe(200);
    expect(created.setCookie).toMatch(
      new RegExp(`^ofm_guest_cart_nl=${created.body.result}; Path=${CART}; Max-Age=34560000; HttpOnly; SameSite=Lax$`),
    );
    const back = await call('GET', `${CART}/remembered?storeCode=nl`, cookieOf(created.setCookie));
    expect(back).toMatchObject({ status: 200, body: { result: created.body.result } });
    // the Belgian store view has its own cart
    expect((await call('GET', `${CART}/remembered?storeCode=be`, cookieOf(created.setCookie))).status).toBe(404);
  });

  it("answers 404 and clears the cookie without one, for an ordered cart and for a member's cart id", async () => {
    expect((await call('GET', `${CART}/remembered`)).status).toBe(404);
    const created = await call('POST', `${CART}/create?storeCode=nl`);
    await server.db.query('update carts set is_active = false where cart_id = $1', [created.body.result]);
    const ordered = await call('GET', `${CART}/remembered?storeCode=nl`, cookieOf(created.setCookie));
    expect(ordered.status).toBe(404);
    expect(ordered.setCookie).toMatch(/^ofm_guest_cart_nl=; .*Max-Age=0/);

    const { token } = await makeCustomer(server.db);
    const member = await call('POST', `${CART}/create?storeCode=nl&token=${token}`);
    expect(member.status).toBe(200);
    // a member's create never remembers their cart; it forgets the guest's
    expect(member.setCookie).toMatch(/^ofm_guest_cart_nl=; .*Max-Age=0/);
    const forged = await call('GET', `${CART}/remembered?storeCode=nl`, `ofm_guest_cart_nl=${member.body.result}`);
    expect(forged.status).toBe(404);
    expect(JSON.stringify(forged.body)).not.toContain(String(member.body.result));
  });

  it('answers 400 naming the store code for an unknown one', async () => {
    const res = await call('GET', `${CART}/remembered?storeCode=xx`);
    expect(res.status).toBe(400);
    expect(String(res.body.result)).toContain('storeCode');
  });
});
