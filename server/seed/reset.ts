import type { Database } from '../db/index.ts';

/** Empties every table but the migration log (for `npm run seed -- --reset`), resetting serial ids. */
export async function resetDatabase(db: Database): Promise<void> {
  const { rows } = await db.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = current_schema() and tablename <> 'schema_migrations'`,
  );
  if (rows.length === 0) return;
  await db.exec(`truncate ${rows.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`);
}
