import { addRxPlugin, createRxDatabase, type RxStorage } from 'rxdb';
import { RxDBCleanupPlugin } from 'rxdb/plugins/cleanup';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { collections, type ShopCollections, type ShopDatabase } from '../../schemas/index.ts';

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
}

/** Opens the shop database with every collection of `schemas/` (9, under RxDB's 13-per-realm limit). */
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
  await db.addCollections(collections);
  return db;
}
