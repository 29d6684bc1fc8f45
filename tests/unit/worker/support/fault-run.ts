import { api, type TestServer } from '../../../support/test-server.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { httpTransport } from '../../../../worker/queue/http-transport.ts';
import { SyncEngine } from '../../../../worker/sync-engine.ts';
import { sleep } from '../../../../worker/sleep.ts';
import { openTestDatabase, SYNC_COLLECTIONS } from './db.ts';
import { seededRandom } from '../../../support/seeded-random.ts';
import { FaultProxy } from './fault-proxy.ts';
import {
  accountCart,
  applyGuestCoupon,
  checkCouponAfterLogin,
  fillAccountCart,
  type GuestCoupon,
  type Model,
} from './fault-account.ts';
import { Trace, tracingTransport } from './fault-trace.ts';

export const FAULT_RATE = 0.35;
/** A seed takes well under a second; one still running after this is stuck. */
const SEED_DEADLINE_MS = 60_000;

function show(lines: Array<{ sku: string; qty: number }> | Model): string {
  const out = new Map<string, number>();
  for (const [sku, qty] of lines instanceof Map ? lines : lines.map((l) => [l.sku, l.qty] as const)) {
    out.set(sku, (out.get(sku) ?? 0) + qty);
  }
  return JSON.stringify([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** Simple products with stock far above what a shopper script asks for, so no answer is a genuine refusal. */
export async function plentifulSkus(server: TestServer): Promise<string[]> {
  const { rows } = await server.db.query<{ sku: string }>(
    `select p.sku from products p join stock_items s on s.product_id = p.id
      where p.type_id = 'simple' and p.status = 1 and s.is_in_stock and s.qty - s.reserved_qty >= 50 and s.max_sale_qty >= 50
      order by p.sku limit 4`,
  );
  return rows.map((r) => r.sku);
}

export interface SeedRun {
  server: TestServer;
  skus: string[];
  seed: number;
  /** Log in (a fresh account) part way through: 401s then hit the token refresh, and the guest cart merges in. */
  login: boolean;
  totals: Record<string, number>;
  /** Where the seed's steps are recorded (runSeeds passes one so it can write the trace of a seed that hangs). */
  trace?: Trace;
}

/**
 * One seeded shopper against the real server through a faulty proxy. Throws with the difference when, after the
 * network healed and the queue drained, the client cart, the server cart and the shopper's intent disagree.
 */
export async function runSeed({ server, skus, seed, login, totals, trace = new Trace(seed) }: SeedRun): Promise<void> {
  const random = seededRandom(seed);
  const proxy = new FaultProxy({
    target: server.baseUrl,
    deleteCart: async (cartId) => {
      await server.db.query('delete from carts where cart_id = $1', [cartId]);
    },
  });
  const proxyUrl = await proxy.listen();
  proxy.random = random;
  proxy.faultRate = FAULT_RATE;
  const db = await openTestDatabase(undefined, SYNC_COLLECTIONS);
  // Failures depend on timing and often do not replay alone: every seed keeps a trace (requests, answers, engine log,
  // the shopper's steps) that a failure writes to tests/.tmp/fault-trace-<seed>.log. FAULT_DEBUG=1 also prints it live.
  proxy.onFault = (line) => trace.add(`proxy: ${line}`);
  const engine = new SyncEngine({
    db,
    transport: tracingTransport(trace, httpTransport(createHttpClient({ baseUrl: proxyUrl, timeoutMs: 3000 }))),
    notify: (n) => void notices.push(n.messageKey),
    log: (m) => trace.add(`log ${m}`),
    isLeader: () => true,
    retryWaitMs: 5,
  });
  const model: Model = new Map();
  const notices: string[] = [];
  // the coupon's draws come from a random of their own, so the cart scripts of the seeds stay what they were
  const couponRandom = seededRandom(seed + 1_000_003);
  let coupon: GuestCoupon | null = null;
  const email = `shopper-${seed}-${Date.now()}@example.nl`;
  const password = 'Welkom#2026x';
  try {
    if (login) {
      const created = await api(server, 'POST', '/api/ext/shop/user/create', {
        customer: { email, firstname: 'Sem', lastname: 'de Vries' },
        password,
      });
      if (created.status !== 200) throw new Error(`account not created: ${JSON.stringify(created.body)}`);
    }
    // half the accounts already have a cart (from another device): the login sums it in once
    const accountLines =
      login && random() < 0.5
        ? await fillAccountCart(server, email, password, skus, random)
        : new Map<string, number>();
    await engine.start();
    const steps = 3 + Math.floor(random() * 7);
    const loginAt = login ? Math.floor(random() * steps) : -1;
    const logoutAt = login && random() < 0.5 ? loginAt + 1 + Math.floor(random() * (steps - loginAt)) : -1;
    let offline = false;
    let loggedOut = false;
    let accountAtLogout: { cartId: string; lines: Model } | null = null;
    for (let step = 0; step <= steps; step++) {
      if (step === loginAt) {
        proxy.offline = false;
        offline = false;
        await engine.setOnline(true);
        trace.add(`shopper: log in (account cart ${show(accountLines)})`);
        // with an account cart the merge is made to finish during login (faults paused), so the script knows when
        // the account quantities join; without one, faults run on and the merge may finish later by itself
        if (couponRandom() < 0.6) coupon = await applyGuestCoupon(server, engine, email, couponRandom() < 0.5, trace);
        if (accountLines.size) proxy.faultRate = 0;
        const result = await engine.session.login(email, password);
        proxy.faultRate = FAULT_RATE;
        trace.add(`shopper: logged in ${result.ok}`);
        if (!result.ok) throw new Error(`login failed: ${result.messageKey}`);
        if (accountLines.size) {
          if ((await engine.cartStore.state()).guestMerge)
            throw new Error('the login merge did not finish on a healthy network');
          for (const [sku, qty] of accountLines) model.set(sku, (model.get(sku) ?? 0) + qty);
        }
      }
      if (step === logoutAt) {
        proxy.offline = false;
        offline = false;
        await engine.setOnline(true);
        const sent = await engine.session.logout({ silent: true, sendQueued: true });
        const cartId = proxy.lastUserCartId;
        trace.add(`shopper: logged out, queued changes sent first: ${sent}, last cart ${cartId}`);
        // what reached the server is checked at the end; when the bounded send did not finish it is unknown
        if (sent && cartId) accountAtLogout = { cartId, lines: new Map(model) };
        loggedOut = true;
        model.clear();
      }
      if (step === steps) break;
      const r = random();
      const items = await engine.cartStore.items();
      if (r < 0.45 || items.length === 0) {
        const sku = skus[Math.floor(random() * skus.length)];
        const qty = 1 + Math.floor(random() * 3);
        const ok = (await engine.cart.add({ sku, qty })).ok;
        trace.add(`shopper: add ${sku} ${qty} -> ${ok}`);
        if (ok) model.set(sku, (model.get(sku) ?? 0) + qty);
      } else if (r < 0.65) {
        const item = items[Math.floor(random() * items.length)];
        const qty = 1 + Math.floor(random() * 5);
        const ok = (await engine.cart.updateQty(item.local_id, qty)).ok;
        trace.add(`shopper: set ${item.sku} (${item.local_id.slice(0, 8)}) to ${qty} -> ${ok}`);
        if (ok) model.set(item.sku, qty);
      } else if (r < 0.8) {
        const item = items[Math.floor(random() * items.length)];
        const ok = (await engine.cart.remove(item.local_id)).ok;
        trace.add(`shopper: remove ${item.sku} (${item.local_id.slice(0, 8)}) -> ${ok}`);
        if (ok) model.delete(item.sku);
      } else if (r < 0.9) {
        offline = !offline;
        trace.add(`shopper: ${offline ? 'offline' : 'online'}`);
        proxy.offline = offline;
        await engine.setOnline(!offline);
      }
      await sleep(Math.floor(random() * 8));
    }
    trace.add('heal');
    proxy.faultRate = 0;
    proxy.offline = false;
    await engine.setOnline(true);
    if (!(await engine.whenIdle(20_000)))
      throw new Error(`queue did not drain: ${JSON.stringify(await engine.queue.pending())}`);

    const local = await engine.cartStore.items();
    const cartId = engine.cartStore.cartServerToken();
    if (!cartId)
      throw new Error(
        `no server cart after healing: ${JSON.stringify({ ...(await engine.cartStore.state()), local: show(local) })}`,
      );
    if (login && !loggedOut && !engine.session.userToken()) throw new Error('the shopper was logged out');
    if (loggedOut && engine.session.userToken()) throw new Error('the shopper is still logged in after logging out');
    const token = engine.session.userToken();
    const pulled = await api<Array<{ sku: string; qty: number }>>(
      server,
      'GET',
      `/api/ext/shop/cart/pull?cartId=${cartId}${token ? `&token=${token}` : ''}`,
    );
    if (pulled.status !== 200) throw new Error(`pull answered ${pulled.status}`);
    const lines = pulled.body.result;
    // the soak's report (docs/fault-soak-report.md): lines the shopper made, lost on the server, or summed twice
    const onServer = new Map<string, number>();
    for (const line of lines) onServer.set(line.sku, (onServer.get(line.sku) ?? 0) + line.qty);
    for (const [sku, qty] of model) {
      totals['lines'] = (totals['lines'] ?? 0) + 1;
      if ((onServer.get(sku) ?? 0) < qty) totals['lost'] = (totals['lost'] ?? 0) + 1;
      if ((onServer.get(sku) ?? 0) > qty) totals['doubled'] = (totals['doubled'] ?? 0) + 1;
    }
    if (new Set(lines.map((l) => l.sku)).size !== lines.length)
      throw new Error(`duplicate server lines ${JSON.stringify(lines)}`);
    if (show(local) !== show(model))
      throw new Error(`client cart ${show(local)} differs from what the shopper did ${show(model)}`);
    if (show(lines) !== show(model))
      throw new Error(`server cart ${show(lines)} differs from what the shopper did ${show(model)}`);
    if (coupon?.applied && !loggedOut) await checkCouponAfterLogin(server, engine, cartId, coupon, notices, local);
    if (accountAtLogout) {
      // normally the account's cart; a guest cart when a refused connect bypassed to one (spec 000 §4 "Cart connect")
      const account = await accountCart(server, email, password, accountAtLogout.cartId);
      if (show(account) !== show(accountAtLogout.lines)) {
        throw new Error(
          `cart of the session ${show(account)} differs from the cart at logout ${show(accountAtLogout.lines)}`,
        );
      }
    }
  } catch (error) {
    trace.add(
      `client lines ${JSON.stringify((await engine.cartStore.items()).map((i) => [i.local_id.slice(0, 8), i.sku, i.qty, i.item_id]))}`,
    );
    await trace.write();
    throw error;
  } finally {
    engine.stop();
    for (const [fault, n] of Object.entries(proxy.counts)) totals[fault] = (totals[fault] ?? 0) + n;
    await proxy.close();
    await db.remove();
  }
}

/** Runs seeds `concurrency` at a time; returns the failures (at most 5, each naming the seed to replay). */
export async function runSeeds(
  options: Omit<SeedRun, 'seed'> & { seeds: number[]; concurrency: number },
): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...options.seeds];
  const worker = async () => {
    for (let seed = queue.shift(); seed !== undefined && failures.length < 5; seed = queue.shift()) {
      const trace = new Trace(seed);
      let timer: ReturnType<typeof setTimeout> | undefined;
      // a seed that never ends is a failure with a trace, not a test run that times out without one
      const hung = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          void trace.write();
          reject(new Error(`did not finish within ${SEED_DEADLINE_MS} ms (a hang)`));
        }, SEED_DEADLINE_MS);
      });
      try {
        await Promise.race([runSeed({ ...options, seed, trace }), hung]);
      } catch (error) {
        failures.push(`seed ${seed} (replay: FAULT_SEED=${seed}): ${(error as Error).message}`);
        if (process.env.FAULT_DEBUG) console.error((error as Error).stack);
      } finally {
        clearTimeout(timer);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return failures;
}
