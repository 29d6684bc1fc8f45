import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, QueryResult, Queryable } from './database.ts';

/** A PGlite database can also dump its data folder (gzip tar): the copy `openPglite`'s `from` starts from. */
export interface PgliteDatabase extends Database {
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` ':memory:' keeps everything in memory (tests). `from` is a data folder dumped
 * by `dumpPglite`: the database starts as that copy instead of running initdb (about 2 s less per start).
 */
export async function openPglite(dataDir: string, from?: Blob): Promise<PgliteDatabase> {
  const pg = await PGlite.create(dataDir === ':memory:' ? undefined : dataDir, {
    extensions: { pg_trgm, fuzzystrmatch },
    loadDataDir: from,
  });

  // PGlite is one connection that runs one query at a time: every query beyond the first waits for it.
  let inFlight = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await work();
    } finally {
      inFlight--;
    }
  };
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await counted(() => q.query<Row>(sql, params));
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await counted(() => q.exec(sql));
    },
  });

  const base = wrap(pg);
  return {
    driver: 'pglite',
    ...base,
    poolStats: () => ({ total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1), max: 1 }),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('gzip'),
  };
}
