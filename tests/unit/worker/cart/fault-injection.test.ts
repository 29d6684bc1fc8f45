import { expect } from 'vitest';
import { faultInjectionSuite } from '../support/fault-suite.ts';

/**
 * The cart's promise (spec 000 §4 cart synchronisation, see faultInjectionSuite) for a guest under a hostile network.
 * Replay one seed with FAULT_SEED=n; FAULT_SEEDS=n changes the number of seeds (default 200).
 * The logged-in variant (token refresh on 401, guest cart merged at login) is fault-injection-login.test.ts.
 */
faultInjectionSuite('guest', Number(process.env.FAULT_SEEDS ?? 200), (totals) => {
  expect(totals['drop-response'] + totals['cart-gone'] + totals['server-error']).toBeGreaterThan(0);
});
