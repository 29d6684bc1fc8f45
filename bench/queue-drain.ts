import type { Database } from '../server/db/index.ts';
import { openTestDatabase, SYNC_COLLECTIONS } from '../tests/unit/worker/support/db.ts';
import { FaultProxy } from '../tests/unit/worker/support/fault-proxy.ts';
import { createHttpClient } from '../worker/http/client.ts';
import { httpTransport } from '../worker/queue/http-transport.ts';
import { SyncEngine } from '../worker/sync-engine.ts';
import { ms } from './table.ts';

const TASKS = 200;

/**
 * The queue drain budget (docs/benchmarks.md): the worker's own sync engine (same modules as in the browser, RxDB on fake-indexeddb in
 * Node, as the fault-injection test runs them) behind a proxy that refuses every connection while "offline". The
 * shopper adds 200 different products offline (one queued cart update each, since waiting updates of one line
 * coalesce), then the network returns and the queue sends them as update-batch calls of up to 100 lines; timed until
 * the queue is empty and the server cart equals the device's.
 */
export async function benchQueueDrain(
  serverUrl: string,
  serverDb: Database,
): Promise<Record<string, string | number>[]> {
  const { rows } = await serverDb.query<{ sku: string }>(
    `select p.sku from products p join stock_items s on s.product_id = p.id
      where p.type_id = 'simple' and p.status = 1 and s.is_in_stock and s.qty - s.reserved_qty >= 1
      order by p.sku limit ${TASKS}`,
  );
  if (rows.length < TASKS) throw new Error(`bench seed has only ${rows.length} simple products in stock`);

  // the proxy only refuses connections; with no faults it passes everything through untouched
  const proxy = new FaultProxy({ target: serverUrl, deleteCart: async () => undefined });
  const proxyUrl = await proxy.listen();
  const db = await openTestDatabase(undefined, SYNC_COLLECTIONS);
  const http = httpTransport(createHttpClient({ baseUrl: proxyUrl, timeoutMs: 5000 }));
  // time spent waiting on the network and server, to tell it apart from the device's own work (RxDB writes)
  let requests = 0;
  let inHttp = 0;
  const engine = new SyncEngine({
    db,
    transport: async (request) => {
      const t0 = performance.now();
      try {
        return await http(request);
      } finally {
        requests++;
        inHttp += performance.now() - t0;
      }
    },
    notify: () => undefined,
    log: () => undefined,
    isLeader: () => true,
  });
  try {
    await engine.start(); // online: the device has its (empty) server cart before the network goes away
    if (!(await engine.whenIdle(30_000))) throw new Error('cart did not connect');

    proxy.offline = true;
    await engine.setOnline(false);
    for (const { sku } of rows) if (!(await engine.cart.add({ sku, qty: 1 })).ok) throw new Error(`add ${sku} refused`);
    const queued = (await engine.queue.pending()).length;

    const started = performance.now();
    [requests, inHttp] = [0, 0];
    proxy.offline = false;
    await engine.setOnline(true);
    if (!(await engine.whenIdle(60_000)))
      throw new Error(`queue not drained: ${(await engine.queue.pending()).length} left`);
    const drained = performance.now() - started;

    const local = cartOf(await engine.cartStore.items());
    const res = await fetch(`${serverUrl}/api/ext/shop/cart/pull?cartId=${engine.cartStore.cartServerToken()}`);
    const remote = cartOf(((await res.json()) as { result: { sku: string; qty: number }[] }).result);
    const matches = local === remote && local.split(',').length === TASKS;
    return [
      {
        'queued tasks': queued,
        'cart lines': TASKS,
        'drained in': ms(drained),
        'HTTP requests': requests,
        'of which waiting on HTTP': ms(inHttp),
        'server cart = device cart': matches ? 'yes' : 'NO',
        'budget': '≤ 1.5 s',
      },
    ];
  } finally {
    engine.stop();
    await proxy.close();
    await db.remove();
  }
}

const cartOf = (lines: { sku: string; qty: number }[]) =>
  lines
    .map((l) => `${l.sku}×${l.qty}`)
    .sort()
    .join(',');
