import { appendFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../support/server-suite.ts';
import type { TestServer } from '../../../support/test-server.ts';
import { plentifulSkus, runSeeds } from './fault-run.ts';

const ONLY = process.env.FAULT_SEED === undefined ? null : Number(process.env.FAULT_SEED);
// RxDB opens at most 13 collections per realm: two engines of 5 collections each fit
const CONCURRENCY = Number(process.env.FAULT_CONCURRENCY ?? 2);

/**
 * One fault-injection suite: the real server, `seeds` seeded shoppers through the faulty proxy (FAULT_SEED=n runs
 * only seed n), no failure allowed; `checkFaults` asserts the faults the variant is about really happened.
 *
 * It holds the cart's promise (spec 000 §4 cart synchronisation) under a hostile network: whatever the proxy does
 * (drop requests, drop responses after the server applied them, 401, real 404 "cart gone", 500, delays, offline),
 * once the network heals and the queue drains the server cart equals the client cart, nothing the shopper added is
 * missing and no quantity differs from what the shopper set.
 */
export function faultInjectionSuite(
  shopper: 'guest' | 'logged-in',
  seedCount: number,
  checkFaults: (totals: Record<string, number>) => void,
): void {
  const login = shopper === 'logged-in';
  describe(`fault injection: a ${shopper} cart converges under a hostile network`, () => {
    let server: TestServer;
    let skus: string[];

    useTestServer({ products: 12 }, async (started) => {
      server = started;
      skus = await plentifulSkus(server);
    });

    it(`after healing, server cart = client cart = what the shopper did (${ONLY === null ? seedCount : 1} seeds)`, async () => {
      expect(skus.length).toBeGreaterThanOrEqual(2);
      const seeds = ONLY === null ? Array.from({ length: seedCount }, (_, i) => i + 1) : [ONLY];
      const totals: Record<string, number> = {};
      const started = Date.now();
      const failures = await runSeeds({ server, skus, seeds, login, totals, concurrency: CONCURRENCY });
      const faults = Object.entries(totals)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      console.info(`fault injection (${shopper}): ${seeds.length} seeds in ${Date.now() - started} ms; ${faults}`);
      // `npm run test:fault-soak` collects one row per variant into the published report (docs/fault-soak-report.md)
      if (process.env.FAULT_REPORT) {
        const row = [shopper, seeds.length, totals['lines'] ?? 0, totals['lost'] ?? 0, totals['doubled'] ?? 0];
        await appendFile(process.env.FAULT_REPORT, `| ${row.join(' | ')} | ${failures.length} | ${faults} |\n`);
      }
      expect(failures).toEqual([]);
      checkFaults(totals);
    }, 900_000);
  });
}
