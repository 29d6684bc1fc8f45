import { mkdir } from 'node:fs/promises';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';

export type { Database, Queryable, QueryResult } from './database.ts';

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data folder, or ':memory:'. */
  dataDir?: string;
  /** PostgreSQL connections this process may hold (default 10). */
  poolSize?: number;
  /** PGlite only: a data folder dumped earlier (`PgliteDatabase.dump`) to start from instead of an empty one. */
  from?: Blob;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let db: Database;
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres-driver.ts');
    db = await openPostgres(options.databaseUrl, options.poolSize);
  } else {
    const dataDir = options.dataDir ?? './.data';
    if (dataDir !== ':memory:') await mkdir(dataDir, { recursive: true });
    const { openPglite } = await import('./pglite-driver.ts');
    db = await openPglite(dataDir, options.from);
  }
  await migrate(db);
  return db;
}
