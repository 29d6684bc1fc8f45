/** Server configuration from the environment; README "Configuration" lists the same names. */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  seedProducts: number;
  /** Built storefront to serve (vite build output); absent → API only. */
  staticDir: string;
  /** Where generated product images live (seed output, inside the data folder). */
  imageDir: string;
  logLevel: string;
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
    imageDir: env.IMAGE_DIR ?? (dataDir === ':memory:' ? './.data/images' : `${dataDir}/images`),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
