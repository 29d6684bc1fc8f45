/** Server configuration from the environment; README.md "Configuration" lists the same names. */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  seedProducts: number;
  /** Built storefront to serve (vite build output); absent → API only. */
  staticDir: string;
  /** The server build of the app (`vite build --ssr`); absent → pages are rendered in the browser only. */
  ssrEntry: string;
  /** Where generated product images live (seed output, inside the data folder). */
  imageDir: string;
  logLevel: string;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For to believe, so each shopper keeps their own address. */
  trustProxy: boolean | number | string;
  /** PostgreSQL connections this instance may hold; N instances hold up to N × this many. */
  databasePoolSize: number;
  /** Milliseconds a SIGTERM waits for requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Tag-manager container id and the GA4 flag (spec 001 §5): analytics runs only with both. */
  analytics: { tagManagerId?: string; ga4: boolean };
  /** The shop's public origin ('https://www.ofm.nl') for canonical URLs and sitemaps; unset → the request's host. */
  publicOrigin?: string;
  /** METRICS_TOKEN (bearer token for /metrics) and METRICS_LOOPBACK ("false": loopback needs the token too). */
  metrics: { token?: string; allowLoopback: boolean };
}

/**
 * TRUST_PROXY: unset or "false" → trust no proxy (the socket's address counts); "true" → trust every hop; a number →
 * trust that many hops; anything else → a comma-separated list of proxy addresses or CIDR ranges, as Fastify takes it.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = env.DATA_DIR ?? './.data';
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedProducts: Number(env.SEED_PRODUCTS ?? 2000),
    staticDir: env.STATIC_DIR ?? './dist',
    ssrEntry: env.SSR_ENTRY ?? './dist-ssr/entry-server.js',
    imageDir: env.IMAGE_DIR ?? (dataDir === ':memory:' ? './.data/images' : `${dataDir}/images`),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    databasePoolSize: positiveInteger(env.DATABASE_POOL_SIZE, 10),
    shutdownTimeoutMs: positiveInteger(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    analytics: { tagManagerId: env.TAG_MANAGER_ID?.trim() || undefined, ga4: env.GA4_ENABLED === 'true' },
    metrics: { token: env.METRICS_TOKEN?.trim() || undefined, allowLoopback: env.METRICS_LOOPBACK !== 'false' },
    publicOrigin: env.PUBLIC_ORIGIN?.trim().replace(/\/+$/, '') || undefined,
  };
}
