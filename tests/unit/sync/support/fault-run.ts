import { api, type TestServer } from '../../../support/test-server.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { httpTransport } from '../../../../worker/queue/http-transport.ts';
import { SyncEngine } from '../../../../worker/queue/sync-engine.ts';
import { sleep } from '../../../../worker/queue/task-queue.ts';
import type { Transport } from '../../../../worker/queue/types.ts';
import { openTestDatabase, SYNC_COLLECTIONS } from './db.ts';
import { seededRandom } from '../../../support/seeded-random.ts';
import { FaultProxy } from './fault-proxy.ts';

export const FAULT_RATE = 0.35;

type Model = Map<string, number>;

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
}

/**
 * One seeded shopper against the real server through a faulty proxy. Throws with the difference when, after the
 * network healed and the queue drained, the client cart, the server cart and the shopper's intent disagree.
 */
export async function runSeed({ server, skus, seed, login, totals }: SeedRun): Promise<void> {
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
  const engine = new SyncEngine({
    db,
    transport: debugTransport(seed, httpTransport(createHttpClient({ baseUrl: proxyUrl, timeoutMs: 3000 }))),
    notify: () => undefined,
    // FAULT_DEBUG=1 prints the engine's log and every request outcome of a replayed seed
    log: process.env.FAULT_DEBUG ? (m) => console.log(`[seed ${seed}] ${m}`) : () => undefined,
    isLeader: () => true,
    retryWaitMs: 5,
  });
  const model: Model = new Map();
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
    await engine.start();
    const steps = 3 + Math.floor(random() * 7);
    const loginAt = login ? Math.floor(random() * steps) : -1;
    let offline = false;
    for (let step = 0; step < steps; step++) {
      if (step === loginAt) {
        proxy.offline = false;
        offline = false;
        await engine.setOnline(true);
        const result = await engine.session.login(email, password);
        if (!result.ok) throw new Error(`login failed: ${result.messageKey}`);
      }
      const r = random();
      const items = await engine.cartStore.items();
      if (r < 0.45 || items.length === 0) {
        const sku = skus[Math.floor(random() * skus.length)];
        const qty = 1 + Math.floor(random() * 3);
        if ((await engine.cart.add({ sku, qty })).ok) model.set(sku, (model.get(sku) ?? 0) + qty);
      } else if (r < 0.65) {
        const item = items[Math.floor(random() * items.length)];
        const qty = 1 + Math.floor(random() * 5);
        if ((await engine.cart.updateQty(item.local_id, qty)).ok) model.set(item.sku, qty);
      } else if (r < 0.8) {
        const item = items[Math.floor(random() * items.length)];
        if ((await engine.cart.remove(item.local_id)).ok) model.delete(item.sku);
      } else if (r < 0.9) {
        offline = !offline;
        proxy.offline = offline;
        await engine.setOnline(!offline);
      }
      await sleep(Math.floor(random() * 8));
    }
    // heal
    proxy.faultRate = 0;
    proxy.offline = false;
    await engine.setOnline(true);
    if (!(await engine.whenIdle(20_000))) throw new Error(`queue did not drain: ${JSON.stringify(await engine.queue.pending())}`);

    const local = await engine.cartStore.items();
    const cartId = engine.cartStore.cartServerToken();
    if (!cartId) throw new Error(`no server cart after healing: ${JSON.stringify({ ...(await engine.cartStore.state()), local: show(local) })}`);
    if (login && !engine.session.userToken()) throw new Error('the shopper was logged out');
    const token = engine.session.userToken();
    const pulled = await api<Array<{ sku: string; qty: number }>>(
      server,
      'GET',
      `/api/ext/shop/cart/pull?cartId=${cartId}${token ? `&token=${token}` : ''}`,
    );
    if (pulled.status !== 200) throw new Error(`pull answered ${pulled.status}`);
    const lines = pulled.body.result;
    if (new Set(lines.map((l) => l.sku)).size !== lines.length) throw new Error(`duplicate server lines ${JSON.stringify(lines)}`);
    if (show(local) !== show(model)) throw new Error(`client cart ${show(local)} differs from what the shopper did ${show(model)}`);
    if (show(lines) !== show(model)) throw new Error(`server cart ${show(lines)} differs from what the shopper did ${show(model)}`);
  } finally {
    engine.stop();
    for (const [fault, n] of Object.entries(proxy.counts)) totals[fault] = (totals[fault] ?? 0) + n;
    await proxy.close();
    await db.remove();
  }
}

function debugTransport(seed: number, transport: Transport): Transport {
  if (!process.env.FAULT_DEBUG) return transport;
  return async (request) => {
    try {
      const response = await transport(request);
      console.log(`[seed ${seed}] ${request.method} ${request.url} -> ${response.code} ${JSON.stringify(response.result).slice(0, 80)}`);
      return response;
    } catch (error) {
      console.log(`[seed ${seed}] ${request.method} ${request.url} -> ${(error as Error).message}`);
      throw error;
    }
  };
}

/** Runs seeds `concurrency` at a time; returns the failures (at most 5, each naming the seed to replay). */
export async function runSeeds(options: Omit<SeedRun, 'seed'> & { seeds: number[]; concurrency: number }): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...options.seeds];
  const worker = async () => {
    for (let seed = queue.shift(); seed !== undefined && failures.length < 5; seed = queue.shift()) {
      try {
        await runSeed({ ...options, seed });
      } catch (error) {
        failures.push(`seed ${seed} (replay: FAULT_SEED=${seed}): ${(error as Error).message}`);
        if (process.env.FAULT_DEBUG) console.error((error as Error).stack);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return failures;
}
