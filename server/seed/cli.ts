import { rm } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { seed } from './index.ts';
import { resetDatabase } from './reset.ts';

/**
 * `npm run seed -- --products N [--reset] [--no-images]`: fills the configured database (DATA_DIR or DATABASE_URL).
 * Without --reset it refuses a database that already has products, so a running shop is never doubled.
 */
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const valueOf = (name: string) => {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
};

const config = loadConfig();
const products = Number(valueOf('--products') ?? config.seedProducts);
if (!Number.isInteger(products) || products < 1) {
  console.error('--products moet een positief geheel getal zijn');
  process.exit(2);
}

const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  if (flag('--reset')) {
    console.log('seed: emptying the database (--reset)');
    await resetDatabase(db);
    await rm(config.imageDir, { recursive: true, force: true });
  } else {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from products');
    if (rows[0].n > 0) {
      console.error(`seed: the database already holds ${rows[0].n} products; run with --reset to replace them`);
      process.exit(1);
    }
  }
  const summary = await seed(db, {
    products,
    imageDir: flag('--no-images') ? undefined : config.imageDir,
    log: (m) => console.log(m),
  });
  console.table(summary.rows);
  console.log(
    `seed: ${products} parent products, ${summary.images} image files, ${(summary.ms / 1000).toFixed(1)} s (${db.driver})`,
  );
} finally {
  await db.close();
}
