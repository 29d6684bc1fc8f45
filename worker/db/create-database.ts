import { addRxPlugin, createRxDatabase, type RxStorage } from 'rxdb';
import { RxDBCleanupPlugin } from 'rxdb/plugins/cleanup';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { collections, type ShopCollections, type ShopDatabase } from '../../schemas/index.ts';
import { migrateCollections, type MigrateOptions, type MigrationOutcome } from './migrate-collections.ts';
import { recordMigrations } from './migration-record.ts';

addRxPlugin(RxDBMigrationSchemaPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBCleanupPlugin);

export interface ShopDatabaseOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  storage: RxStorage<any, any>;
  name?: string;
  /** All tabs open the same database; only the leader runs the queue (docs/architecture.md "One sync engine per origin"). */
  multiInstance?: boolean;
  /** Validate every write against the schema with ajv (dev and tests; never in production builds). */
  validate?: boolean;
  /** The collections to open: `schemas/index.ts` unless a test or the bench builds the shop's next version. */
  collections?: typeof collections;
  /** Progress of a schema migration at start (shown by the app when it takes longer than a moment). */
  migration?: MigrateOptions;
  /** What the migrations of this and earlier starts did (the diagnostics view shows it). */
  onMigrations?: (outcomes: MigrationOutcome[]) => void;
}

/**
 * Opens the shop database with every collection of `schemas/` (9, under RxDB's 13-per-realm limit), each brought to
 * its schema's version first: a failed migration keeps the shopper's documents (docs/offline-and-storage.md "Schema
 * migrations").
 */
export async function createShopDatabase(options: ShopDatabaseOptions): Promise<ShopDatabase> {
  // ajv is loaded only when validating; `import.meta.env.DEV` is false in a production build, so the bundler drops
  // the branch and production workers do not carry ajv's chunk at all.
  const storage =
    import.meta.env.DEV && options.validate
      ? (await import('rxdb/plugins/validate-ajv')).wrappedValidateAjvStorage({ storage: options.storage })
      : options.storage;
  const db = await createRxDatabase<ShopCollections>({
    name: options.name ?? 'ofm-shop',
    storage,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
  });
  await addShopCollections(db, options);
  return db;
}

/**
 * Adds the collections and migrates those whose schema version moved, then records what the migrations did. RxDB's
 * own start-up migration (`autoMigrate`) would throw out of addCollections on a failed strategy, with no progress to
 * show: each collection is added without it and migrated by `migrateCollections`.
 */
export async function addShopCollections(
  db: ShopDatabase,
  options: Pick<ShopDatabaseOptions, 'collections' | 'migration' | 'onMigrations'>,
): Promise<MigrationOutcome[]> {
  const manual = Object.fromEntries(
    Object.entries(options.collections ?? collections).map(([name, collection]) => [
      name,
      { ...collection, autoMigrate: false },
    ]),
  ) as unknown as typeof collections;
  await db.addCollections(manual);
  const outcomes = await migrateCollections(db, options.migration);
  options.onMigrations?.(await recordMigrations(db, outcomes));
  return outcomes;
}
