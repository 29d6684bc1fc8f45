import { existsSync } from 'node:fs';
import { benchApiLatency } from './api-latency.ts';
import { benchBundleSize } from './bundle-size.ts';
import { SSR_ENTRY } from './bench-server.ts';
import { printTable } from './table.ts';

/**
 * `npm run bench [-- --only bundle,api,render,instances,browser,early,lighthouse,drain,migration] [--sizes 2000,50000] [--databases pglite,postgres]`
 * (`drain` is the browser run's queue-drain row alone; it needs no build. `migration`, the device database migrated
 * to the next schema version, needs neither build nor server.)
 * Prints Markdown tables against the budgets in docs/benchmarks.md. Never part of `npm test`.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = new Set((arg('only') ?? 'bundle,api,render,instances,browser,early,lighthouse,migration').split(','));
const sizes = (arg('sizes') ?? '2000,50000').split(',').map(Number);

if (only.has('bundle')) {
  if (existsSync('dist/.vite/manifest.json')) printTable('Bundle sizes (gzip)', await benchBundleSize());
  else console.log('\n(bundle: run `npm run build` first)');
}

if (only.has('api')) {
  const available: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const drivers = available.filter((d) => (arg('databases') ?? d).split(',').includes(d));
  // A table per database and size as each is done: seeding 50 000 products takes minutes.
  for (const driver of drivers) {
    for (const n of sizes)
      printTable(`Catalogue search API on loopback, ${driver}, ${n} products`, await benchApiLatency(driver, n));
  }
}

if (only.has('render')) {
  if (existsSync(SSR_ENTRY)) {
    const { benchServerRender } = await import('./server-render.ts');
    printTable('Server render of a page (HTML on loopback)', await benchServerRender(sizes[0]));
  } else {
    console.log('\n(render: run `npm run build` first)');
  }
}

if (only.has('instances')) {
  if (process.env.DATABASE_URL) {
    const { benchInstances } = await import('./instances.ts');
    printTable('Catalogue search throughput, 1 and 2 instances on one PostgreSQL', await benchInstances(sizes[0]));
  } else {
    console.log('\n(instances: needs DATABASE_URL, a PostgreSQL server the instances share)');
  }
}

if (only.has('browser')) {
  const { benchBrowser } = await import('./browser.ts');
  for (const [title, rows] of await benchBrowser()) printTable(title, rows);
}

if (only.has('drain')) {
  const { startBenchServer } = await import('./bench-server.ts');
  const { benchQueueDrain } = await import('./queue-drain.ts');
  const server = await startBenchServer(200);
  try {
    const title = 'Offline cart queue drained after reconnect (worker modules in Node, loopback)';
    printTable(title, await benchQueueDrain(server.url, server.db));
  } finally {
    await server.close();
  }
}

if (only.has('migration')) {
  const { benchDeviceMigration } = await import('./device-migration.ts');
  printTable(
    'Device database migrated to the next schema version (worker modules in Node, fake-indexeddb)',
    await benchDeviceMigration(),
  );
}

if (only.has('early')) {
  const { benchEarlyTaps } = await import('./early-taps.ts');
  for (const [title, rows] of await benchEarlyTaps()) printTable(title, rows);
}

if (only.has('lighthouse')) {
  const { benchLighthouse } = await import('./lighthouse.ts');
  printTable('Lighthouse 12, mobile preset', await benchLighthouse());
}
