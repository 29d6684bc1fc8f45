/**
 * `npm run test:fault-soak`: the cart's fault-injection suites over many seeds (FAULT_SEEDS, FAULT_LOGIN_SEEDS; 1 000
 * each by default), then issue 26's cases in Chromium (frozen leader, wiped storage, the connection lost, a failed
 * send retried by the timer and by `online`; needs `npm run build`), and writes docs/fault-soak-report.md.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';

const REPORT = 'docs/fault-soak-report.md';
const env = {
  ...process.env,
  FAULT_SEEDS: process.env.FAULT_SEEDS ?? '1000',
  FAULT_LOGIN_SEEDS: process.env.FAULT_LOGIN_SEEDS ?? '1000',
  FAULT_REPORT: REPORT,
};
writeFileSync(
  REPORT,
  `# Fault soak report\n\nWritten by \`npm run test:fault-soak\`; each run replaces it. A line is lost when the ` +
    `server cart holds less of it than the shopper set after healing, doubled when it holds more.\n\n` +
    `| shopper | seeds | lines checked | lost | doubled | failed seeds | faults injected |\n|---|---|---|---|---|---|---|\n`,
);
const vitest = (args: string[]) => spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env }).status ?? 1;
const unit = vitest([
  '--project',
  'unit',
  'tests/unit/worker/cart/fault-injection.test.ts',
  'tests/unit/worker/cart/fault-injection-login.test.ts',
]);
let browser = 'not run: no build (run `npm run build` first)';
let e2e = 0;
if (existsSync('dist/index.html')) {
  e2e = vitest(['--project', 'e2e', 'tests/e2e/sync-resilience.test.ts']);
  browser = e2e === 0 ? 'passed' : 'FAILED';
}
appendFileSync(
  REPORT,
  `\nThe sync resilience cases in Chromium on a phone (\`tests/e2e/sync-resilience.test.ts\`: failed send retried by the timer ` +
    `and by \`online\`, wiped storage, frozen leader tab, the database connection lost during an add): ${browser}.\n`,
);
process.exit(unit || e2e);
