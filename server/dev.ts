import { createServer } from 'vite';
import { loadConfig } from './config.ts';
import { startServer } from './start.ts';

/**
 * `npm run dev`: the API on PORT (default 8080) and Vite's dev server (hot reload) on VITE_PORT (default 5173),
 * which proxies /api, /img, /pay and /healthz to the API (vite.config.ts).
 */
const config = loadConfig();
await startServer(config, { serveApp: false });
process.env.API_URL ??= `http://${config.host}:${config.port}`;
const vite = await createServer({ server: { host: '127.0.0.1', port: Number(process.env.VITE_PORT ?? 5173) } });
await vite.listen();
console.log(
  `API on http://${config.host}:${config.port}, storefront with hot reload on ${vite.resolvedUrls?.local[0]}`,
);
