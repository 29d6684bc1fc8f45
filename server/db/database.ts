/**
 * The one data-access contract of the server. Two drivers meet it: embedded PGlite (default) and a PostgreSQL
 * server through `pg` (when DATABASE_URL is set). Both run the same SQL and the same migrations, so every query in
 * the server is written once, in PostgreSQL dialect, with $1… parameters.
 */
export interface QueryResult<Row> {
  rows: Row[];
  /** Rows changed by INSERT/UPDATE/DELETE (0 when the driver does not say). */
  affectedRows: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs several statements without parameters (migrations, seed DDL). */
  exec(sql: string): Promise<void>;
}

/** How busy the connections are right now (for /metrics). */
export interface PoolStats {
  /** Connections open. */
  total: number;
  /** Open connections not running a query. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** Connections this process may open. */
  max: number;
}

export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  poolStats(): PoolStats;
  /** Runs `work` in one transaction: commit when it resolves, roll back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
