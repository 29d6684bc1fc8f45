import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedIfEmpty } from './seed/index.ts';

/**
 * Opens (and migrates) the database, seeds it when empty, and listens. `serveApp` false leaves the storefront to
 * Vite's dev server (npm run dev). Stops cleanly on SIGINT/SIGTERM.
 */
export async function startServer(config: ServerConfig, { serveApp = true } = {}): Promise<FastifyInstance> {
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  await seedIfEmpty(db, { products: config.seedProducts, imageDir: config.imageDir, log: (m) => console.log(m) });
  const app = await buildApp({
    db,
    logLevel: config.logLevel,
    staticDir: serveApp ? config.staticDir : undefined,
    ssrEntry: config.ssrEntry,
    imageDir: config.imageDir,
    trustProxy: config.trustProxy,
    analytics: config.analytics,
    publicOrigin: config.publicOrigin,
    metrics: config.metrics,
  });

  // Graceful shutdown: /readyz turns 503 and new connections are refused while the requests in flight finish; past
  // the timeout the process exits anyway, so a stuck request cannot keep an old instance alive forever.
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => {
      console.warn(`shutdown: requests still in flight after ${config.shutdownTimeoutMs} ms, exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ host: config.host, port: config.port });
  return app;
}
