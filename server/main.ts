import { loadConfig } from './config.ts';
import { startServer } from './start.ts';

/** `npm start` / `npm run serve`: API and the built storefront (dist/) on one port. */
const config = loadConfig();
await startServer(config);
console.log(`OFM storefront on http://${config.host}:${config.port} (${config.databaseUrl ? 'postgres' : 'pglite'})`);
