import { expect } from 'vitest';
import { faultInjectionSuite } from '../support/fault-suite.ts';

/**
 * The cart's promise (spec 000 §4 cart synchronisation, see faultInjectionSuite) for a shopper who logs in under a
 * hostile network. Replay one seed with FAULT_SEED=n; FAULT_LOGIN_SEEDS=n changes the number of seeds (default 100).
 * This variant logs a fresh account in part way through (half of them already have a cart from another device, which
 * the login sums in once), half of them log out again later (the account's cart must then hold what the shopper saw
 * at logout), and the proxy's 401s expire the token, which the queue refreshes (the refresh call itself is never
 * faulted: losing its answer rotates the refresh token away, which is the spec's logout path, not a cart fault).
 * A failing seed writes its trace to tests/.tmp/fault-trace-<seed>.log (timing matters: it may not replay alone).
 */
faultInjectionSuite('logged-in', Number(process.env.FAULT_LOGIN_SEEDS ?? 100), (totals) => {
  expect(totals.unauthorized).toBeGreaterThan(0);
});
