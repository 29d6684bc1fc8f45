/* eslint-disable @typescript-eslint/no-explicit-any -- a migration passes every collection's documents through */
import {
  normalizeMangoQuery,
  prepareQuery,
  type RxCollection,
  type RxDocumentData,
  type RxStorageInstance,
} from 'rxdb';
import { getOldCollectionMeta, migrateDocumentData } from 'rxdb/plugins/migration-schema';
import type { ShopDatabase } from '../../schemas/index.ts';

/** How far the device's data is in being brought to this version's schemas (0–100), for the app's progress line. */
export interface DeviceUpdateProgress {
  percent: number;
  done: boolean;
}

/** What happened to one collection whose schema version moved (docs/offline-and-storage.md "Schema migrations"). */
export interface MigrationOutcome {
  collection: string;
  from: number;
  to: number;
  status: 'migrated' | 'failed';
  /** ms the collection took, its safe mode included. */
  ms: number;
  /** The strategy's error, in English (failed only). */
  error?: string;
  /** Documents the strategies could not bring over, kept in their old shape (failed only). */
  keptAsTheyWere?: number;
}

export interface MigrateOptions {
  /** Called with the progress once the migration has taken `progressAfterMs`, and at its end if it was shown. */
  onProgress?: (progress: DeviceUpdateProgress) => void;
  progressAfterMs?: number;
  clock?: () => number;
}

/** Documents per write of RxDB's migration (its own default is 10; one transaction per 200 keeps a start short). */
const MIGRATION_BATCH_SIZE = 200;
const KEPT_CONTEXT = 'migration-kept-as-they-were';
/** A migration shorter than this shows nothing (a moment the shopper does not notice). */
export const PROGRESS_AFTER_MS = 300;

/**
 * Brings every collection whose schema version moved to this version's schema, one after another, with RxDB's
 * `migrationStrategies` (docs/offline-and-storage.md "Schema migrations"). A collection whose strategy throws goes
 * into the safe mode of `keepAsTheyWere`: the shopper's documents stay readable; the outcome says it failed.
 */
export async function migrateCollections(db: ShopDatabase, options: MigrateOptions = {}): Promise<MigrationOutcome[]> {
  const clock = options.clock ?? Date.now;
  const all = Object.values(db.collections) as RxCollection[];
  const needed = await Promise.all(all.map((collection) => collection.migrationNeeded()));
  const pending = all.filter((_, index) => needed[index]);
  if (pending.length === 0) return [];
  const progress = progressReporter(pending.length, options, clock);
  const outcomes: MigrationOutcome[] = [];
  try {
    for (const [index, collection] of pending.entries()) {
      outcomes.push(await migrateOne(collection, clock, (percent) => progress.report(index, percent)));
    }
  } finally {
    progress.end();
  }
  return outcomes;
}

async function migrateOne(
  collection: RxCollection,
  clock: () => number,
  onPercent: (percent: number) => void,
): Promise<MigrationOutcome> {
  const start = clock();
  const state = collection.getMigrationState();
  const oldMeta = await getOldCollectionMeta(state);
  const from = (oldMeta?.data.schema.version as number | undefined) ?? 0;
  const base = { collection: collection.name, from, to: collection.schema.version };
  const watch = state.$.subscribe((status) => onPercent(status.count.percent));
  try {
    await state.migratePromise(MIGRATION_BATCH_SIZE);
    return { ...base, status: 'migrated', ms: clock() - start };
  } catch (error) {
    const keptAsTheyWere = oldMeta ? await keepAsTheyWere(collection, oldMeta) : 0;
    console.warn(`[storage] migrating ${collection.name} from v${from} failed, its documents kept: ${describe(error)}`);
    return { ...base, status: 'failed', ms: clock() - start, error: describe(error), keptAsTheyWere };
  } finally {
    watch.unsubscribe();
  }
}

/**
 * The safe mode of a failed migration. RxDB leaves the old version's storage on the device when a strategy throws;
 * every document of it that the new collection lacks is brought over, each on its own: through the strategies when
 * they take it, else as it was (its key and the fields that did not move stay readable, so the app shows the line
 * and the queue can still send it). The old storage itself is left on the device untouched. The old version's entry
 * is then retired, so the next start does not bring back what the shopper deletes afterwards.
 */
async function keepAsTheyWere(collection: RxCollection<any>, oldMeta: RxDocumentData<any>): Promise<number> {
  const db = collection.database;
  const schema = oldMeta.data.schema;
  const old: RxStorageInstance<any, any, any> = await db.storage.createStorageInstance({
    databaseName: db.name,
    collectionName: collection.name,
    databaseInstanceToken: db.token,
    multiInstance: db.multiInstance,
    options: {},
    schema,
    password: db.password,
    devMode: false,
  });
  let asTheyWere = 0;
  try {
    const query = prepareQuery(schema, normalizeMangoQuery(schema, { selector: {} } as never));
    const docs: RxDocumentData<any>[] = (await old.query(query)).documents.filter((doc) => !doc._deleted);
    const primary = collection.schema.primaryPath as string;
    const held = await collection.storageInstance.findDocumentsById(
      docs.map((doc) => doc[primary] as string),
      true,
    );
    const heldIds = new Set(held.map((doc) => doc[primary] as string));
    const rows: { document: RxDocumentData<any> }[] = [];
    const unchanged = new Set<string>();
    for (const doc of docs.filter((candidate) => !heldIds.has(candidate[primary] as string))) {
      const migrated = await migrateDocumentData(collection, schema.version as number, doc).catch(() => undefined);
      if (migrated === null) continue; // the strategy drops it on purpose
      if (migrated === undefined) unchanged.add(doc[primary] as string);
      rows.push({ document: { ...(migrated ?? doc), _deleted: false } });
    }
    // a document the new schema refuses (validated builds only) stays in the old storage alone
    const { error } = rows.length ? await collection.storageInstance.bulkWrite(rows, KEPT_CONTEXT) : { error: [] };
    for (const refused of error) unchanged.delete(refused.documentId);
    asTheyWere = unchanged.size;
  } finally {
    await old.close();
  }
  await db.internalStore.bulkWrite([{ previous: oldMeta, document: { ...oldMeta, _deleted: true } }], KEPT_CONTEXT);
  return asTheyWere;
}

/** Progress over the pending collections, said only once the whole has taken `progressAfterMs`. */
function progressReporter(count: number, options: MigrateOptions, clock: () => number) {
  const start = clock();
  const after = options.progressAfterMs ?? PROGRESS_AFTER_MS;
  let percent = 0;
  let shown = false;
  const say = () => {
    if (!options.onProgress || clock() - start < after) return;
    shown = true;
    options.onProgress({ percent, done: false });
  };
  const timer = setTimeout(say, after);
  return {
    report(index: number, collectionPercent: number) {
      percent = Math.min(99, Math.round(((index + collectionPercent / 100) / count) * 100));
      say();
    },
    end() {
      clearTimeout(timer);
      if (shown) options.onProgress?.({ percent: 100, done: true });
    },
  };
}

function describe(error: unknown): string {
  const parameters = (error as { parameters?: { error?: { message?: string } } }).parameters;
  const cause = parameters?.error?.message;
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return cause ? `${message}: ${cause}` : message;
}
