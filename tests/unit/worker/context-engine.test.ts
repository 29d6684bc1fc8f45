import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSyncEngine } from '../../../worker/context-engine.ts';
import { openTestContext, type TestContext } from './support/test-db.ts';

let ctx: TestContext | undefined;
let stalled: http.Server | undefined;
afterEach(async () => {
  await ctx?.db.remove();
  ctx = undefined;
  stalled?.closeAllConnections();
  await new Promise((resolve) => stalled?.close(resolve) ?? resolve(undefined));
  stalled = undefined;
});

/** A server that takes every request and never answers: the engine's start waits on its cart's connection. */
async function stalledServer(): Promise<string> {
  stalled = http.createServer(() => undefined);
  await new Promise<void>((resolve) => stalled!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
}

describe("the context's sync engine follows the device's online state (docs/sync-engine.md)", () => {
  it('offline counts at once, during the start too: an order placed meanwhile waits on the device', async () => {
    ctx = await openTestContext(await stalledServer(), { config: { httpTimeoutMs: 30_000 } });
    const { engine, started } = startSyncEngine(ctx);
    let done = false;
    void started.then(() => (done = true));
    // the start is waiting for the server
    await vi.waitFor(() => expect(ctx!.requests.length).toBeGreaterThan(0), { timeout: 5_000 });
    expect(done).toBe(false);
    expect(engine.queue.online).toBe(true);
    ctx.online.next(false);
    await Promise.resolve();
    // the checkout hands an order to the queue only while it is online (worker/orders/checkout.ts)
    expect(engine.queue.online).toBe(false);
    expect(done).toBe(false);
  });

  it('online waits for the start, and the state it then takes is the latest', async () => {
    ctx = await openTestContext(await stalledServer(), { online: false, config: { httpTimeoutMs: 30_000 } });
    const { engine, started } = startSyncEngine(ctx);
    // back and gone again before the start is done (it reads the device's database first)
    expect(engine.queue.online).toBe(false);
    ctx.online.next(true);
    ctx.online.next(false);
    await started;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(engine.queue.online).toBe(false);
    ctx.online.next(true);
    await vi.waitFor(() => expect(engine.queue.online).toBe(true));
  });
});
