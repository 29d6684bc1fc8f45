import { configDefaults, defineConfig } from 'vitest/config';

/**
 * E2E files whose assertions hold a time (a tap answered within so many ms, a message within seconds of a refused
 * connection) or that drive three browser engines at once: they run last and alone (docs/testing.md "Where the time
 * goes"); every other e2e file runs beside the unit and API files, two at a time.
 */
const ALONE = [
  'tests/e2e/early-taps.test.ts',
  'tests/e2e/first-paint.test.ts',
  'tests/e2e/every-engine.test.ts',
  'tests/e2e/server-unreachable*.test.ts',
];

const e2e = {
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // one retry for a missed timing in the browser; tests/support/flaky-reporter.ts names every test that used it
  retry: 1,
  // a poll asserts what the shopper ends up seeing, not how fast: speed is `npm run bench`'s (docs/testing.md)
  expect: { poll: { timeout: 5_000 } },
};

// Four suites, one `vitest run`: unit (pure rules and the worker on fake-indexeddb), api (the real server on
// PGlite, or PostgreSQL when DATABASE_URL is set), e2e and e2e-alone (the built app in Debian's Chromium, and the
// key journeys in WebKitGTK and Firefox ESR).
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ['default', './tests/support/flaky-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // the worker's engine tests start an engine against a real server: 5 s is too tight on a loaded 2-core machine
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Two instances on one database need a database server: only in the PostgreSQL run (DATABASE_URL).
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.DATABASE_URL ? [] : ['tests/api/two-instances.test.ts']),
          ],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ALONE],
          ...e2e,
        },
      },
      {
        // after everything else, one file at a time: nothing else competes for the two cores while these measure
        test: { name: 'e2e-alone', include: ALONE, sequence: { groupOrder: 1 }, maxWorkers: 1, ...e2e },
      },
    ],
  },
});
