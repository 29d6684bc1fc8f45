import { describe, expect, it } from 'vitest';
import { api, type TestServer } from '../../../support/test-server.ts';
import { KV_KEYS } from '../../../../schemas/index.ts';
import { SESSION_TEXT } from '../../../../worker/user/session-messages.ts';
import { normalizeProfileUpdate } from '../../../../domain/account/profile-update.ts';
import { engineFor, engineSuite, type EngineHarness } from '../support/engine.ts';

const PASSWORD = 'Welkom#2026x';

describe('customer session (spec 000 §4 "Session for user")', () => {
  let server: TestServer;
  let skus: string[];
  let h: EngineHarness;
  let n = 0;

  async function newCustomer(): Promise<string> {
    const email = `klant-${++n}-${Date.now()}@example.nl`;
    const res = await api(server, 'POST', '/api/ext/shop/user/create', {
      customer: { email, firstname: 'Sem', lastname: 'de Vries' },
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    return email;
  }

  /** A new customer logged in on a started engine (kept in `h`); returns the customer's e-mail address. */
  async function loggedInCustomer(options: Parameters<typeof engineFor>[1] = {}): Promise<string> {
    const email = await newCustomer();
    h = await engineFor(server, options);
    await h.engine.start();
    await h.engine.session.login(email, PASSWORD);
    return email;
  }

  engineSuite({ products: 12 }, (found) => ({ server, skus } = found));

  it('login stores token and refresh token, loads the profile and order history', async () => {
    const email = await newCustomer();
    h = await engineFor(server);
    await h.engine.start();
    expect(await h.engine.session.login(email, PASSWORD)).toEqual({ ok: true });
    const state = await h.engine.session.state();
    expect(state.token).toEqual(expect.any(String));
    expect(state.refreshToken).toEqual(expect.any(String));
    expect(state.current?.email).toBe(email);
    expect(state.orders_history).toMatchObject({ items: [] });
    expect(state.sessionExpires).toBeGreaterThan(Date.now());
  });

  it('a failed login clears the user', async () => {
    const email = await newCustomer();
    h = await engineFor(server);
    await h.engine.start();
    const result = await h.engine.session.login(email, 'wrong-password-1A');
    expect(result.ok).toBe(false);
    const state = await h.engine.session.state();
    expect([state.token, state.current]).toEqual([null, null]);
  });

  it("logout clears token, user, checkout details, empties the cart locally and shows 'You're logged out' unless silent", async () => {
    const email = await loggedInCustomer();
    await h.engine.cart.add({ sku: skus[0] });
    await h.engine.checkout.save({ personal: { email, firstname: 'Sem', lastname: 'de Vries' } });
    await h.engine.whenIdle();
    await h.engine.session.logout();
    const state = await h.engine.session.state();
    expect([state.token, state.current]).toEqual([null, null]);
    expect(await h.engine.cartStore.items()).toEqual([]);
    expect(h.engine.cartStore.cartServerToken()).toBeNull();
    expect((await h.engine.checkout.details()).personal).toBeNull();
    expect(h.notes.filter((x) => x.messageKey === SESSION_TEXT.loggedOut)).toHaveLength(1);
    await h.engine.session.login(email, PASSWORD);
    await h.engine.session.logout({ silent: true });
    expect(h.notes.filter((x) => x.messageKey === SESSION_TEXT.loggedOut)).toHaveLength(1);
  });

  it('an expired session logs out on a cart action and warns with a Log in action', async () => {
    const clock = { now: Date.now() };
    await loggedInCustomer({ now: () => clock.now });
    const expires = (await h.engine.session.state()).sessionExpires!;
    clock.now = expires + 1000;
    expect((await h.engine.cart.add({ sku: skus[0] })).ok).toBe(false);
    expect(h.engine.session.userToken()).toBeNull();
    expect(h.notes.at(-1)).toEqual({
      type: 'warning',
      messageKey: 'Due to inactivity your session has expired. Please log in again to use your account.',
      action: { labelKey: 'Log in', command: 'open-login' },
      hasNoTimeout: true,
    });
  });

  it('an expired session on a checkout navigation redirects home', async () => {
    const clock = { now: Date.now() };
    await loggedInCustomer({ now: () => clock.now });
    clock.now = (await h.engine.session.state()).sessionExpires! + 1;
    expect(await h.engine.session.onNavigation('/checkout')).toEqual({ redirect: '/' });
  });

  it('within 900 s of expiry each navigation refreshes the profile without cache, and session_expires updates the expiry', async () => {
    const clock = { now: Date.now() };
    await loggedInCustomer({ now: () => clock.now });
    const expires = (await h.engine.session.state()).sessionExpires!;
    const before = h.requests.filter((r) => r.url.includes('/user/me')).length;
    await h.engine.session.onNavigation('/heren/pakken');
    expect(h.requests.filter((r) => r.url.includes('/user/me')).length).toBe(before);
    clock.now = expires - 600_000;
    await h.engine.o.db.kv.findOne(KV_KEYS.user).exec(); // let the mirror settle
    await h.engine.session.onNavigation('/heren/pakken');
    expect(h.requests.filter((r) => r.url.includes('/user/me')).length).toBe(before + 1);
    // an answer carrying session_expires updates the stored expiry
    const later = new Date(expires + 3_600_000).toISOString();
    h.engine.session.noteResponse({ code: 200, result: null, meta: { session_expires: later } });
    await new Promise((r) => setTimeout(r, 50));
    expect((await h.engine.session.state()).sessionExpires).toBe(Date.parse(later));
  });

  it("profile update is a queued task: empty date_of_birth dropped, empty mobile_number becomes '-', success notification", async () => {
    expect(normalizeProfileUpdate({ firstname: 'Sem', date_of_birth: '', mobile_number: '' })).toEqual({
      firstname: 'Sem',
      mobile_number: '-',
    });
    await loggedInCustomer();
    expect(
      (await h.engine.session.profile.updateProfile({ firstname: 'Daan', date_of_birth: '', mobile_number: '' })).ok,
    ).toBe(true);
    await h.engine.whenIdle();
    expect(h.notes.some((x) => x.messageKey === 'Account data has successfully been updated')).toBe(true);
    const token = h.engine.session.userToken();
    const me = await api<{ firstname: string }>(server, 'GET', `/api/ext/shop/user/me?token=${token}`);
    expect(me.body.result.firstname).toBe('Daan');
  });

  it('a 401 during a queued profile update refreshes the token and the update still lands', async () => {
    await loggedInCustomer();
    await h.engine.whenIdle();
    await server.db.query('update auth_tokens set revoked_at = now()');
    await h.engine.session.profile.updateProfile({ firstname: 'Bram' });
    await h.engine.whenIdle();
    expect(h.requests.some((r) => r.url.includes('/user/refresh') && r.code === 200)).toBe(true);
    const me = await api<{ firstname: string }>(
      server,
      'GET',
      `/api/ext/shop/user/me?token=${h.engine.session.userToken()}`,
    );
    expect(me.body.result.firstname).toBe('Bram');
  });

  it('changing or resetting the password is refused offline with the spec texts', async () => {
    h = await engineFor(server, { online: false });
    await h.engine.start();
    expect(await h.engine.session.passwords.changePassword('a', 'b')).toEqual({
      ok: false,
      messageKey: 'Reset password feature does not work while offline!',
    });
    expect(await h.engine.session.passwords.resetPassword('a@b.nl')).toEqual({
      ok: false,
      messageKey: 'Reset password feature does not work while offline!',
    });
    // spec 001 §8: the new password of the reset link
    expect(await h.engine.session.passwords.createPassword('a@b.nl', 'token', 'Winter#Jas2027')).toEqual({
      ok: false,
      messageKey: 'Password reset does not work offline.',
    });
  });

  it('login merges the guest cart into the account cart once: quantities of the same item are summed, never doubled', async () => {
    const email = await newCustomer();
    // the account already has a cart with 1 of the item (another device)
    const login = await api<string>(server, 'POST', '/api/ext/shop/user/login', {
      username: email,
      password: PASSWORD,
    });
    const token = login.body.result;
    const cartId = (await api<string>(server, 'POST', `/api/ext/shop/cart/create?token=${token}`)).body.result;
    await api(server, 'POST', `/api/ext/shop/cart/update?token=${token}&cartId=${cartId}`, {
      cartItem: { sku: skus[0], qty: 1, quoteId: cartId },
    });
    h = await engineFor(server);
    await h.engine.start();
    await h.engine.cart.add({ sku: skus[0], qty: 2 });
    await h.engine.whenIdle();
    await h.engine.session.login(email, PASSWORD);
    await h.engine.whenIdle();
    const pull = async () =>
      (
        await api<Array<{ sku: string; qty: number }>>(
          server,
          'GET',
          `/api/ext/shop/cart/pull?token=${h.engine.session.userToken()}&cartId=${cartId}`,
        )
      ).body.result.map((l) => [l.sku, l.qty]);
    expect(h.engine.cartStore.cartServerToken()).toBe(cartId);
    expect(await pull()).toEqual([[skus[0], 3]]);
    // a second authorization (reload, second tab) must not sum again
    await h.engine.session.login(email, PASSWORD);
    await h.engine.whenIdle();
    expect(await pull()).toEqual([[skus[0], 3]]);
    expect((await h.engine.cartStore.items()).map((i) => i.qty)).toEqual([3]);
  });
});
