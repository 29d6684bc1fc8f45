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

/** Documents per write of a migration (RxDB's own default is 10; one transaction per 200 keeps a start short). */
const MIGRATION_BATCH_SIZE = 200;
const KEPT_CONTEXT = 'shop-migration';
/** A migration shorter than this shows nothing (a moment the shopper does not notice). */
export const PROGRESS_AFTER_MS = 300;

/**
 * Brings every collection whose schema version moved to this version's schema, one after another, with its RxDB
 * `migrationStrategies` (docs/offline-and-storage.md "Schema migrations"). RxDB's own migration (a replication from
 * the old storage, all or nothing) is not used: it took seconds for a full device and drops a collection's documents
 * from view when one strategy throws. A document the strategies cannot take is kept as it was and the outcome says
 * the collection failed; a migration that cannot run at all leaves the old version in place for the next start.
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
    for (const [index, collection] of (pending as RxCollection<any>[]).entries()) {
      outcomes.push(await migrateOne(collection, clock, (percent) => progress.report(index, percent)));
    }
  } finally {
    progress.end();
  }
  return outcomes;
}

async function migrateOne(
  collection: RxCollection<any>,
  clock: () => number,
  onPercent: (percent: number) => void,
): Promise<MigrationOutcome> {
  const start = clock();
  const oldMeta = await getOldCollectionMeta(collection.getMigrationState());
  const from = (oldMeta?.data.schema.version as number | undefined) ?? 0;
  const base = { collection: collection.name, from, to: collection.schema.version };
  try {
    const { failure, asTheyWere } = oldMeta ? await bringOver(collection, oldMeta, onPercent) : NOTHING_FAILED;
    if (!failure) return { ...base, status: 'migrated', ms: clock() - start };
    console.warn(`[storage] migrating ${collection.name} from v${from} failed, its documents kept: ${failure}`);
    return { ...base, status: 'failed', ms: clock() - start, error: failure, keptAsTheyWere: asTheyWere };
  } catch (error) {
    // the old storage could not be read or the new one not written: the old version stays for the next start
    console.warn(`[storage] migrating ${collection.name} from v${from} could not run`, error);
    return { ...base, status: 'failed', ms: clock() - start, error: describe(error), keptAsTheyWere: 0 };
  } finally {
    // RxDB refuses writes to a collection while its old version waits (COL25); it waits no more
    collection.migrationInProgress = false;
  }
}

const NOTHING_FAILED = { failure: null, asTheyWere: 0 };

/**
 * Brings every document of the old version's storage that the new collection lacks over to it, each on its own:
 * through the strategies when they take it, else as it was (the safe mode: its key and the fields that did not move
 * stay readable, so the app shows the line and the queue can still send it). Only inserts: a document a tab wrote
 * since, or one brought over by a start that was cut short, is never overwritten, so an interrupted migration just
 * runs again at the next start. When every document went through the strategies the old storage is removed;
 * otherwise it stays on the device untouched. Either way the old version's entry is retired, so the next start does
 * not bring back what the shopper deletes afterwards.
 */
async function bringOver(
  collection: RxCollection<any>,
  oldMeta: RxDocumentData<any>,
  onPercent: (percent: number) => void,
): Promise<{ failure: string | null; asTheyWere: number }> {
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
  let failure: string | null = null;
  const unchanged = new Set<string>();
  try {
    const query = prepareQuery(schema, normalizeMangoQuery(schema, { selector: {} } as never));
    const docs: RxDocumentData<any>[] = (await old.query(query)).documents.filter((doc) => !doc._deleted);
    const primary = collection.schema.primaryPath as string;
    const held = await collection.storageInstance.findDocumentsById(
      docs.map((doc) => doc[primary] as string),
      true,
    );
    const heldIds = new Set(held.map((doc) => doc[primary] as string));
    const missing = docs.filter((doc) => !heldIds.has(doc[primary] as string));
    for (let at = 0; at < missing.length; at += MIGRATION_BATCH_SIZE) {
      const rows: { document: RxDocumentData<any> }[] = [];
      for (const doc of missing.slice(at, at + MIGRATION_BATCH_SIZE)) {
        const migrated = await migrateDocumentData(collection, schema.version as number, doc).catch(
          (error: unknown) => {
            failure ??= describe(error);
            unchanged.add(doc[primary] as string);
            return doc;
          },
        );
        if (migrated !== null) rows.push({ document: { ...migrated, _deleted: false } }); // null: dropped on purpose
      }
      // a document the new schema refuses (validated builds only) stays in the old storage alone
      const { error } = rows.length ? await collection.storageInstance.bulkWrite(rows, KEPT_CONTEXT) : { error: [] };
      for (const refused of error.filter((e) => e.status !== 409)) {
        failure ??= `${refused.documentId} refused by the new schema (${refused.status})`;
        unchanged.delete(refused.documentId);
      }
      onPercent(Math.round(((at + rows.length) / missing.length) * 100));
    }
  } finally {
    await (failure ? old.close() : old.remove());
  }
  await db.internalStore.bulkWrite([{ previous: oldMeta, document: { ...oldMeta, _deleted: true } }], KEPT_CONTEXT);
  return { failure, asTheyWere: unchanged.size };
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
