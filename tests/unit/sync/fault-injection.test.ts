import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { plentifulSkus, runSeeds } from './support/fault-run.ts';

/**
 * Issue 5's promise under a hostile network: whatever the proxy does (drop requests, drop responses after the server
 * applied them, 401, real 404 "cart gone", 500, delays, offline), once the network heals and the queue drains the
 * server cart equals the client cart, nothing the shopper added is missing and no quantity differs from what the
 * shopper set. Replay one seed with FAULT_SEED=n; FAULT_SEEDS=n changes the number of seeds (default 200).
 * The logged-in variant (token refresh on 401, guest cart merged at login) is fault-injection-login.test.ts.
 */
const SEEDS = Number(process.env.FAULT_SEEDS ?? 200);
const ONLY = process.env.FAULT_SEED === undefined ? null : Number(process.env.FAULT_SEED);
// RxDB opens at most 13 collections per realm: two engines of 5 collections each fit
const CONCURRENCY = Number(process.env.FAULT_CONCURRENCY ?? 2);

describe('fault injection: a guest cart converges under a hostile network (issue 5)', () => {
  let server: TestServer;
  let skus: string[];

  beforeAll(async () => {
    server = await startTestServer({ products: 12 });
    skus = await plentifulSkus(server);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it(
    `after healing, server cart = client cart = what the shopper did (${ONLY === null ? SEEDS : 1} seeds)`,
    async () => {
      expect(skus.length).toBeGreaterThanOrEqual(2);
      const seeds = ONLY === null ? Array.from({ length: SEEDS }, (_, i) => i + 1) : [ONLY];
      const totals: Record<string, number> = {};
      const started = Date.now();
      const failures = await runSeeds({ server, skus, seeds, login: false, totals, concurrency: CONCURRENCY });
      const faults = Object.entries(totals).map(([k, v]) => `${k}=${v}`).join(' ');
      console.info(`fault injection (guest): ${seeds.length} seeds in ${Date.now() - started} ms; ${faults}`);
      expect(failures).toEqual([]);
      expect(totals['drop-response'] + totals['cart-gone'] + totals['server-error']).toBeGreaterThan(0);
    },
    900_000,
  );
});
