import type { ShopNotification } from '../../../../worker/api-types.ts';
import { createHttpClient } from '../../../../worker/http/client.ts';
import { httpTransport } from '../../../../worker/queue/http-transport.ts';
import { SyncEngine, type SyncEngineOptions } from '../../../../worker/sync-engine.ts';
import type { Envelope, Transport } from '../../../../worker/queue/types.ts';
import { afterEach } from 'vitest';
import { useTestServer } from '../../../support/server-suite.ts';
import type { TestServer, TestServerOptions } from '../../../support/test-server.ts';
import { openTestDatabase, SYNC_COLLECTIONS } from './db.ts';
import { plentifulSkus } from './fault-run.ts';

export interface EngineHarness {
  engine: SyncEngine;
  notes: Array<Omit<ShopNotification, 'id'>>;
  events: string[];
  logs: string[];
  requests: Array<{ method: string; url: string; code: number | 'no answer' }>;
  /** Returns a transport answer once instead of the server (e.g. to lose an answer after the server applied it). */
  intercept: (
    fn: ((req: { method: string; url: string }, real: () => Promise<Envelope>) => Promise<Envelope>) | null,
  ) => void;
  close(): Promise<void>;
}

/** Every harness opened and not closed yet; the engine suite closes them after each test. */
const openHarnesses = new Set<EngineHarness>();

/**
 * The real sync engine on fake-indexeddb talking to the real test server; only the transport is observed. Inside an
 * `engineSuite` it is closed after the test that opened it.
 */
export async function engineFor(server: TestServer, options: Partial<SyncEngineOptions> = {}): Promise<EngineHarness> {
  const db = await openTestDatabase(undefined, SYNC_COLLECTIONS);
  const real = httpTransport(createHttpClient({ baseUrl: server.baseUrl }));
  const notes: EngineHarness['notes'] = [];
  const events: string[] = [];
  const logs: string[] = [];
  const requests: EngineHarness['requests'] = [];
  let interceptor: Parameters<EngineHarness['intercept']>[0] = null;
  const transport: Transport = async (req) => {
    try {
      const res = interceptor ? await interceptor(req, () => real(req)) : await real(req);
      requests.push({ method: req.method, url: req.url, code: res.code });
      return res;
    } catch (error) {
      requests.push({ method: req.method, url: req.url, code: 'no answer' });
      throw error;
    }
  };
  const engine = new SyncEngine({
    db,
    transport,
    notify: (n) => notes.push(n),
    emit: (...[name]) => void events.push(name),
    log: (m) => logs.push(m),
    isLeader: () => true,
    retryWaitMs: 5,
    ...options,
  });
  const harness: EngineHarness = {
    engine,
    notes,
    events,
    logs,
    requests,
    intercept: (fn) => {
      interceptor = fn;
    },
    async close() {
      openHarnesses.delete(harness);
      engine.stop();
      await db.remove();
    },
  };
  openHarnesses.add(harness);
  return harness;
}

/**
 * The setup every engine suite shares: one test server for the describe block, handed to `found` with its SKUs that
 * have stock for any scenario, and every harness a test opened (`engineFor`) closed after it.
 */
export function engineSuite(
  options: TestServerOptions,
  // what it answers is awaited when it is a promise (a suite that prepares more), and ignored otherwise
  found: (suite: { server: TestServer; skus: string[] }) => unknown,
): void {
  useTestServer(options, async (server) => {
    await found({ server, skus: await plentifulSkus(server) });
  });
  afterEach(async () => {
    await Promise.all([...openHarnesses].map((harness) => harness.close()));
  });
}
