import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database.ts';

// int8 (counts, sums) as JS numbers: our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric as numbers, as PGlite returns them.
pg.types.setTypeParser(1700, (v) => Number(v));

/** A PostgreSQL server reached by a connection string (DATABASE_URL). */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection can die under us (server restart, an administrator's terminate, a dropped database); the pool
  // has already discarded it and opens a new one on the next query. Without a listener Node would crash the server.
  pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
  // pool.end() resolves before its connections have finished closing; count them so close() can wait for the last.
  let open = 0;
  const closed = new Set<() => void>();
  pool.on('connect', () => open++);
  pool.on('remove', () => {
    open--;
    if (open === 0) for (const done of closed) done();
  });
  await pool.query('select 1');

  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await q.query(sql, params);
      return { rows: r.rows as Row[], affectedRows: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });

  return {
    driver: 'postgres',
    ...wrap(pool),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      const allClosed = new Promise<void>((resolve) => (open === 0 ? resolve() : closed.add(resolve)));
      await pool.end();
      await allClosed;
    },
  };
}
