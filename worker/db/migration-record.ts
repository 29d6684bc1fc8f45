import { KV_KEYS, type ShopDatabase } from '../../schemas/index.ts';
import type { MigrationOutcome } from './migrate-collections.ts';

/** The last migrations the diagnostics view lists, newest first. */
const KEPT_OUTCOMES = 10;

/**
 * Keeps what this start's migrations did in `kv` next to those of earlier starts and returns the list, newest first:
 * a migration that failed is still named in the diagnostics view when the shopper opens it days later.
 */
export async function recordMigrations(db: ShopDatabase, outcomes: MigrationOutcome[]): Promise<MigrationOutcome[]> {
  const doc = await db.kv.findOne(KV_KEYS.deviceMigrations).exec();
  const earlier = Array.isArray(doc?.value) ? (doc.value as MigrationOutcome[]) : [];
  if (outcomes.length === 0) return earlier;
  const record = [...outcomes, ...earlier].slice(0, KEPT_OUTCOMES);
  await db.kv.upsert({ key: KV_KEYS.deviceMigrations, value: record, updated_at: Date.now() });
  return record;
}
