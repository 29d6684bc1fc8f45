import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedIfEmpty } from './seed/index.ts';

/** `npm start` / `npm run serve`: open (and migrate) the database, seed it when empty, serve API and app. */
const config = loadConfig();
const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
await seedIfEmpty(db, { products: config.seedProducts, imageDir: config.imageDir, log: (m) => console.log(m) });
const app = await buildApp({ db, logLevel: config.logLevel, staticDir: config.staticDir, imageDir: config.imageDir });

const shutdown = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ host: config.host, port: config.port });
console.log(`OFM storefront on http://${config.host}:${config.port} (${db.driver})`);
