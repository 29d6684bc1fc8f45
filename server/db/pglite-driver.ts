import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, QueryResult, Queryable } from './database.ts';

/** Embedded PostgreSQL (WASM). `dataDir` ':memory:' keeps everything in memory (tests). */
export async function openPglite(dataDir: string): Promise<Database> {
  const pg = await PGlite.create(dataDir === ':memory:' ? undefined : dataDir, {
    extensions: { pg_trgm, fuzzystrmatch },
  });

  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await q.query<Row>(sql, params);
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });

  const base = wrap(pg);
  return {
    driver: 'pglite',
    ...base,
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
  };
}
