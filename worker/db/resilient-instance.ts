/* eslint-disable @typescript-eslint/no-explicit-any -- a storage wrapper passes every document type through */
import {
  createRevision,
  getPrimaryFieldOfPrimaryKey,
  normalizeMangoQuery,
  now as rxdbNow,
  prepareQuery,
  type BulkWriteRow,
  type EventBulk,
  type PreparedQuery,
  type RxDocumentData,
  type RxStorage,
  type RxStorageBulkWriteResponse,
  type RxStorageChangeEvent,
  type RxStorageInstance,
  type RxStorageInstanceCreationParams,
} from 'rxdb';
import { Subject, type Subscription } from 'rxjs';
import { ITERATION_TIMEOUT_MS, READ_WRITE_TIMEOUT_MS, estimateSize } from '../../domain/storage/cache-limits.ts';
import { isConnectionLost, isQuotaError } from './storage-errors.ts';
import type { StorageCallKind, StorageHealth } from './storage-health.ts';
import { StorageTimeoutError, withTimeout } from './storage-timeout.ts';
import { sleep } from '../sleep.ts';
import { RECONNECT_ATTEMPTS, reconnectPause } from './reopen-after-loss.ts';

type AnyInstance = RxStorageInstance<any, any, any>;
type AnyDoc = RxDocumentData<any>;

const MIRROR_CONTEXT = 'resilient-storage-mirror';
const PURGE_CONTEXT = 'resilient-storage-purge';
const WRITE_BACK_CONTEXT = 'resilient-storage-write-back';
/** A write whose call timed out this often is completed in memory (and persistent storage goes off): never hang. */
const WRITE_TIMEOUTS_PER_CALL = 2;

/**
 * One collection's storage (spec 001 §4 "Offline cache"): calls go to the persistent instance under a time limit and
 * fall back to the memory mirror when it fails or after the switch to memory; a timed-out instance is dropped and
 * reopened on next use. The storage across collections (purge, size, write-back) is worker/db/resilient-storage.ts.
 */
export class ResilientInstance implements AnyInstance {
  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: AnyInstance['schema'];
  readonly options: any;
  readonly internals: any;
  onClose: () => void = () => undefined;

  private primary: AnyInstance | null = null;
  private opening: Promise<AnyInstance | null> | null = null;
  private recovering: Promise<boolean> | null = null;
  private primarySubscription: Subscription | null = null;
  private readonly memorySubscription: Subscription;
  private readonly changes = new Subject<EventBulk<RxStorageChangeEvent<any>, any>>();
  private mirrorQueue: Promise<void> = Promise.resolve();
  /** The shopper's collections (and RxDB's metadata) are mirrored in memory; caches are not. */
  private readonly mirrored: boolean;
  private readonly primaryPath: string;

  constructor(
    private readonly persistent: RxStorage<any, any>,
    private readonly params: RxStorageInstanceCreationParams<any, any>,
    private readonly memory: AnyInstance,
    private readonly health: StorageHealth,
    private readonly purge: (trigger: 'quota-error') => Promise<number>,
    mirrored: boolean,
  ) {
    this.databaseName = params.databaseName;
    this.collectionName = params.collectionName;
    this.schema = params.schema;
    this.options = params.options;
    this.internals = memory.internals;
    this.mirrored = mirrored;
    this.primaryPath = getPrimaryFieldOfPrimaryKey(params.schema.primaryKey) as string;
    this.memorySubscription = memory.changeStream().subscribe((bulk) => {
      if (this.health.memoryOnly && bulk.context !== MIRROR_CONTEXT) this.changes.next(bulk);
    });
  }

  /**
   * Opens the persistent instance and fills the memory mirror from it; a failure means memory only. A connection
   * closed under the first read (the site's storage cleared while the worker starts) is reopened, as any call's.
   */
  async open(): Promise<void> {
    for (let attempt = 0; !this.health.memoryOnly; attempt++) {
      const primary = await this.connect();
      if (!primary || !this.mirrored) return;
      try {
        const all = await withTimeout(primary.query(this.allDocumentsQuery()), ITERATION_TIMEOUT_MS, () =>
          this.timeout('read', ITERATION_TIMEOUT_MS),
        );
        this.enqueueMirror(all.documents);
        await this.mirrorQueue;
        return;
      } catch (error) {
        if (attempt < RECONNECT_ATTEMPTS && isConnectionLost(error) && (await this.reconnect(primary, attempt))) {
          continue;
        }
        this.failed('read', error);
        return;
      }
    }
  }

  // ---- RxStorageInstance ------------------------------------------------------------------------------------

  async bulkWrite(rows: BulkWriteRow<any>[], context: string): Promise<RxStorageBulkWriteResponse<any>> {
    let timeouts = 0;
    let reconnects = 0;
    while (!this.health.memoryOnly) {
      const primary = await this.connect();
      if (!primary) break;
      try {
        const result = await withTimeout(primary.bulkWrite(rows, context), READ_WRITE_TIMEOUT_MS, () =>
          this.timeout('write', READ_WRITE_TIMEOUT_MS),
        );
        // A retry after a timeout finds the first attempt landed: that row is written, not in conflict.
        return timeouts > 0 ? { error: result.error.filter((e) => !landed(e, rows)) } : result;
      } catch (error) {
        if (isQuotaError(error) && (await this.purge('quota-error').catch(() => 0)) > 0) continue;
        if (reconnects < RECONNECT_ATTEMPTS && isConnectionLost(error)) {
          if (await this.reconnect(primary, reconnects++)) continue;
        }
        if (error instanceof StorageTimeoutError) timeouts++;
        this.failed('write', error);
        if (timeouts >= WRITE_TIMEOUTS_PER_CALL) {
          this.health.switchToMemory(`a write on ${this.collectionName} timed out ${timeouts} times`);
        }
      }
    }
    await this.mirrorQueue;
    return this.memory.bulkWrite(rows, context);
  }

  findDocumentsById(ids: string[], withDeleted: boolean): Promise<AnyDoc[]> {
    return this.read(READ_WRITE_TIMEOUT_MS, (instance) => instance.findDocumentsById(ids, withDeleted));
  }

  query(preparedQuery: PreparedQuery<any>) {
    return this.read(ITERATION_TIMEOUT_MS, (instance) => instance.query(preparedQuery));
  }

  count(preparedQuery: PreparedQuery<any>) {
    return this.read(ITERATION_TIMEOUT_MS, (instance) => instance.count(preparedQuery));
  }

  getAttachmentData(documentId: string, attachmentId: string, digest: string) {
    return this.read(READ_WRITE_TIMEOUT_MS, (instance) => instance.getAttachmentData(documentId, attachmentId, digest));
  }

  changeStream() {
    return this.changes.asObservable();
  }

  async cleanup(minimumDeletedTime: number): Promise<boolean> {
    await this.memory.cleanup(minimumDeletedTime);
    if (this.health.memoryOnly) return true;
    const primary = await this.connect();
    if (!primary) return true;
    try {
      return await withTimeout(primary.cleanup(minimumDeletedTime), ITERATION_TIMEOUT_MS, () =>
        this.timeout('write', ITERATION_TIMEOUT_MS),
      );
    } catch (error) {
      this.failed('write', error);
      return true;
    }
  }

  close(): Promise<void> {
    return this.release((primary) => primary.close());
  }

  remove(): Promise<void> {
    return this.release((primary) => primary.remove());
  }

  // ---- purge, size, write-back ----------------------------------------------------------------------------------

  /** The `limit` least recently used entries of a cache collection, oldest first. */
  async oldestDocuments(field: string, limit: number): Promise<AnyDoc[]> {
    const query = prepareQuery(
      this.schema,
      normalizeMangoQuery(this.schema, {
        selector: { _deleted: { $eq: false } },
        sort: [{ [field]: 'asc' }],
        limit,
      } as never),
    );
    return (await this.query(query)).documents;
  }

  /** Deletes the given documents and frees their space at once (no tombstones left to clean up later). */
  async removeDocuments(docs: AnyDoc[]): Promise<void> {
    const rows = docs.map((doc) => ({
      previous: doc,
      document: { ...doc, _deleted: true, _rev: createRevision('purge', doc), _meta: { lwt: rxdbNow() } },
    }));
    const target = this.health.memoryOnly ? this.memory : await this.connect();
    if (!target) return;
    await withTimeout(target.bulkWrite(rows, PURGE_CONTEXT), READ_WRITE_TIMEOUT_MS, () =>
      this.timeout('write', READ_WRITE_TIMEOUT_MS),
    );
    await withTimeout(target.cleanup(0), ITERATION_TIMEOUT_MS, () => this.timeout('write', ITERATION_TIMEOUT_MS));
  }

  /**
   * The spec's size estimate of this collection. A full scan of a large catalogue may be slow on a slow device; the
   * shop's own calls are what the error counters judge, so this one neither counts nor switches (0 when it fails).
   */
  async estimateSize(): Promise<number> {
    const source = this.health.memoryOnly ? this.memory : this.primary;
    if (!source) return 0;
    try {
      const all = await withTimeout(
        source.query(this.allDocumentsQuery()),
        ITERATION_TIMEOUT_MS,
        () => new Error('size estimate timed out'),
      );
      return all.documents.reduce((sum, doc) => sum + estimateSize(doc), 0);
    } catch {
      return 0;
    }
  }

  /** Writes what memory holds to a fresh persistent instance, over whatever the disk has (memory is newer). */
  async writeBack(): Promise<boolean> {
    if (!this.mirrored) return true;
    try {
      const primary = this.primary ?? (await this.reopen());
      if (!primary) return false;
      const docs = (await this.memory.query(this.allDocumentsQuery())).documents;
      if (docs.length === 0) return true;
      const onDisk = await withTimeout(
        primary.findDocumentsById(
          docs.map((doc) => doc[this.primaryPath] as string),
          true,
        ),
        READ_WRITE_TIMEOUT_MS,
        () => this.timeout('read', READ_WRITE_TIMEOUT_MS),
      );
      const byId = new Map(onDisk.map((doc) => [doc[this.primaryPath] as string, doc]));
      const rows = docs
        .filter((doc) => byId.get(doc[this.primaryPath])?._rev !== doc._rev)
        .map((doc) => ({ document: doc, previous: byId.get(doc[this.primaryPath]) }));
      if (rows.length === 0) return true;
      const result = await withTimeout(primary.bulkWrite(rows, WRITE_BACK_CONTEXT), READ_WRITE_TIMEOUT_MS, () =>
        this.timeout('write', READ_WRITE_TIMEOUT_MS),
      );
      return result.error.length === 0;
    } catch (error) {
      console.warn(`[storage] writing ${this.collectionName} back to persistent storage failed`, error);
      this.primary = null;
      return false;
    }
  }

  // ---- internals ------------------------------------------------------------------------------------------------

  private async read<T>(ms: number, call: (instance: AnyInstance) => Promise<T>): Promise<T> {
    for (let attempt = 0; !this.health.memoryOnly; attempt++) {
      const primary = await this.connect();
      if (!primary) break;
      try {
        return await withTimeout(call(primary), ms, () => this.timeout('read', ms));
      } catch (error) {
        if (attempt < RECONNECT_ATTEMPTS && isConnectionLost(error) && (await this.reconnect(primary, attempt))) {
          continue;
        }
        this.failed('read', error);
        break;
      }
    }
    await this.mirrorQueue;
    return call(this.memory);
  }

  /** The persistent instance, opened (again) if needed; null when it cannot be opened (then memory only). */
  private async connect(): Promise<AnyInstance | null> {
    // a call during a reconnect uses its instance: an open of its own would share (and keep alive) the connection the
    // browser is closing, which RxDB's Dexie storage then hands out to every later open of the database
    if (this.recovering) await this.recovering;
    if (this.primary) return this.primary;
    if (this.health.memoryOnly) return null;
    return this.reopen();
  }

  private reopen(): Promise<AnyInstance | null> {
    this.opening ??= this.openPrimary()
      .catch((error: unknown) => {
        this.failed('read', error);
        return null;
      })
      .finally(() => (this.opening = null));
    return this.opening;
  }

  /** Opens the persistent instance (under the time limit) and listens to it; throws what the open threw. */
  private async openPrimary(): Promise<AnyInstance> {
    const primary = await withTimeout(this.persistent.createStorageInstance(this.params), ITERATION_TIMEOUT_MS, () =>
      this.timeout('read', ITERATION_TIMEOUT_MS),
    );
    this.primary = primary;
    this.primarySubscription?.unsubscribe();
    this.primarySubscription = primary.changeStream().subscribe((bulk) => this.fromPrimary(bulk));
    return primary;
  }

  /**
   * The connection was closed under the worker (docs/offline-and-storage.md "When storage breaks mid-session"): the
   * lost instance is closed, the database opened again, and what memory holds written over it (the site's storage may
   * have been cleared with it). While the browser is still clearing, a new connection is closed too: up to
   * RECONNECT_ATTEMPTS tries, a growing pause between them, and the call that failed is retried as often (`retried`:
   * how often it has been). Only a call that still fails then counts as an error.
   */
  private reconnect(lost: AnyInstance, retried: number): Promise<boolean> {
    if (this.primary && this.primary !== lost) return Promise.resolve(true);
    this.recovering ??= (async () => {
      // the call failed again on a reopened connection: the browser is still clearing, give it a moment
      if (retried > 0) await sleep(reconnectPause(retried));
      let closing: AnyInstance | null = lost;
      for (let attempt = 1; ; attempt++) {
        this.primary = null;
        this.primarySubscription?.unsubscribe();
        this.primarySubscription = null;
        await withTimeout(
          closing?.close() ?? Promise.resolve(),
          ITERATION_TIMEOUT_MS,
          () => new Error('close timed out'),
        ).catch(() => undefined);
        const reopened = await this.openPrimary().catch(() => null);
        if (reopened && (await this.writeBack())) {
          console.warn(`[storage] the connection to ${this.collectionName} was lost: reopened, memory written back`);
          return true;
        }
        if (attempt >= RECONNECT_ATTEMPTS || this.health.memoryOnly) {
          if (reopened && this.primary !== reopened) void reopened.close().catch(() => undefined);
          return false;
        }
        closing = reopened;
        await sleep(reconnectPause(attempt));
      }
    })().finally(() => (this.recovering = null));
    return this.recovering;
  }

  private fromPrimary(bulk: EventBulk<RxStorageChangeEvent<any>, any>): void {
    if (this.health.memoryOnly) return;
    // what memory wrote back is what RxDB already has
    if (bulk.context === WRITE_BACK_CONTEXT) return;
    if (this.mirrored) {
      this.enqueueMirror(bulk.events.map((event) => event.documentData));
    }
    this.changes.next(bulk);
  }

  /** Writes documents into the memory mirror over whatever it holds (disk is the truth while it works). */
  private enqueueMirror(docs: AnyDoc[]): void {
    if (docs.length === 0) return;
    this.mirrorQueue = this.mirrorQueue
      .then(async () => {
        const ids = docs.map((doc) => doc[this.primaryPath] as string);
        const held = new Map(
          (await this.memory.findDocumentsById(ids, true)).map((doc) => [doc[this.primaryPath] as string, doc]),
        );
        const latest = new Map(docs.map((doc) => [doc[this.primaryPath] as string, doc]));
        await this.memory.bulkWrite(
          [...latest].map(([id, document]) => ({ document, previous: held.get(id) })),
          MIRROR_CONTEXT,
        );
      })
      .catch((error: unknown) => console.warn(`[storage] memory mirror of ${this.collectionName} failed`, error));
  }

  private failed(kind: StorageCallKind, error: unknown): void {
    if (error instanceof StorageTimeoutError) {
      // The database is recreated: the hung instance is dropped (closed in the background) and reopened on next use.
      const hung = this.primary;
      this.primary = null;
      this.primarySubscription?.unsubscribe();
      this.primarySubscription = null;
      void hung?.close().catch(() => undefined);
    }
    this.health.recordError(kind, this.collectionName, error);
  }

  private timeout(kind: StorageCallKind, ms: number): StorageTimeoutError {
    this.health.recordTimeout(kind, this.collectionName, ms);
    return new StorageTimeoutError(kind, this.collectionName, ms);
  }

  /** Closes or removes the persistent instance (a hung one is given up after 2 s); the memory state always goes. */
  private async release(call: (primary: AnyInstance) => Promise<void>): Promise<void> {
    this.onClose();
    this.primarySubscription?.unsubscribe();
    this.memorySubscription.unsubscribe();
    this.changes.complete();
    const primary = this.primary ?? (this.opening ? await this.opening : null);
    if (primary) {
      await withTimeout(call(primary), ITERATION_TIMEOUT_MS, () => new Error('storage close timed out')).catch(
        (error: unknown) => console.warn(`[storage] closing ${this.collectionName} failed`, error),
      );
    }
    await this.memory.remove();
  }

  private allDocumentsQuery(): PreparedQuery<any> {
    return prepareQuery(this.schema, normalizeMangoQuery(this.schema, { selector: {} } as never));
  }
}

/** A conflict whose stored revision is the one this write carries: the write landed on an earlier attempt. */
function landed(error: { status: number; documentId: string; documentInDb?: AnyDoc }, rows: BulkWriteRow<any>[]) {
  return error.status === 409 && rows.some((row) => row.document._rev === error.documentInDb?._rev);
}
