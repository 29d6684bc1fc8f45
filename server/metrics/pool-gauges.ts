import { Gauge, Registry } from 'prom-client';
import type { Database } from '../db/index.ts';

/**
 * The database pool's use, read at each scrape. Per app (not the process-wide registry): each app has its own
 * database, and a test process runs several.
 */
export function poolRegistry(db: Database): Registry {
  const registry = new Registry();
  const labels = { driver: db.driver };
  const gauge = (name: string, help: string, read: (stats: ReturnType<Database['poolStats']>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['driver'] as const,
      registers: [registry],
      collect() {
        this.set(labels, read(db.poolStats()));
      },
    });
  gauge('ofm_db_pool_connections', 'Database connections open (PGlite: its one embedded connection).', (s) => s.total);
  gauge('ofm_db_pool_connections_idle', 'Open database connections not running a query.', (s) => s.idle);
  gauge('ofm_db_pool_connections_max', 'Database connections this instance may open.', (s) => s.max);
  gauge('ofm_db_pool_waiting', 'Queries waiting for a connection.', (s) => s.waiting);
  return registry;
}
