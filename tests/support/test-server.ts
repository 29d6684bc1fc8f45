import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AnalyticsSettings } from '../../server/analytics/routes.ts';
import type { MetricsSettings } from '../../server/metrics/metrics-routes.ts';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { seed } from '../../server/seed/index.ts';
import { migratedTemplate } from './pglite-template.ts';
import { createScratchDatabase } from './scratch-postgres.ts';

/** An API document as the tests read it: loosely, field by field in their assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API documents are read loosely in assertions
export type Doc = Record<string, any>;

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** Move the server's clock (special price windows, token expiry). */
  setNow(date: Date | undefined): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Parent products to seed (small keeps tests fast). */
  products?: number;
  /** Generate product images into a temp folder (slower; only the seed test needs it). */
  images?: boolean;
  /** Serve a built app from this folder (e2e). */
  staticDir?: string;
  /** Told every route the app registers (the API fuzz test walks the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Tag manager and GA4 flag the server tells the app (default off). */
  analytics?: AnalyticsSettings;
  /** Fastify's trustProxy: with it a test can send X-Forwarded-For and be a visitor from elsewhere. */
  trustProxy?: boolean;
  /** Who may read /metrics. */
  metrics?: MetricsSettings;
  /** The write endpoints' payload versions, when a test ships a body's next version. */
  payloadVersions?: AppOptions['payloadVersions'];
}

/**
 * The real server on a real database: in-memory PGlite, or, when DATABASE_URL is set (CI's second run), a fresh
 * PostgreSQL database created for this test file and dropped afterwards. The same suite runs on both.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // CI's second run sets DATABASE_URL: each test file then gets its own PostgreSQL database.
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  const databaseUrl = scratch?.url;

  const db = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: ':memory:', from: await migratedTemplate() },
  );
  const imageDir = options.images ? await mkdtemp(join(tmpdir(), 'ofm-img-')) : undefined;
  await seed(db, { products: options.products ?? 60, imageDir });

  let now: Date | undefined;
  const app = await buildApp({
    db,
    logLevel: 'silent',
    imageDir,
    staticDir: options.staticDir,
    // The app's server build sits beside its client build (npm run build): e2e pages are server-rendered.
    ssrEntry: options.staticDir ? join(options.staticDir, '..', 'dist-ssr', 'entry-server.js') : undefined,
    onRoute: options.onRoute,
    analytics: options.analytics,
    trustProxy: options.trustProxy,
    metrics: options.metrics,
    payloadVersions: options.payloadVersions,
    now: () => now ?? new Date(),
  });
  const baseUrl = await listenOnLoopback(app);

  return {
    app,
    db,
    baseUrl,
    setNow: (date) => {
      now = date;
    },
    async close() {
      await app.close();
      await db.close();
      if (scratch) await scratch.drop();
      if (imageDir) await rm(imageDir, { recursive: true, force: true });
    },
  };
}

/** Listens on a free loopback port and answers the app's base URL (http://127.0.0.1:PORT). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** JSON request helper: returns status and parsed envelope. */
export async function api<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { code: number; result: T; meta?: Record<string, unknown> } }> {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : (undefined as never) };
}
