import type { RxStorage } from 'rxdb';

/**
 * A storage wrapper whose calls fail or hang on demand, under the worker's resilient storage, so the rules of spec
 * 001 §4 "Offline cache" run on the real database path (a full disk, a broken or hanging IndexedDB cannot be
 * produced on demand, docs/architecture.md "Conventions").
 */
export interface QuotaFaults {
  /** Number of upcoming writes (bulkWrite calls) that fail with a QuotaExceededError; optionally only for one collection. */
  failNextWrites(count: number, collectionName?: string): void;
  readonly failedWrites: number;
  /** Number of upcoming writes that fail with another storage error (a broken database). */
  breakNextWrites(count: number, collectionName?: string): void;
  /** Number of upcoming reads (findDocumentsById, query, count) that fail with a storage error. */
  breakNextReads(count: number, collectionName?: string): void;
  /**
   * Number of upcoming reads that fail as Chromium's do when the site's storage is cleared under an open connection
   * (an AbortError "The connection was closed."); the reopened instance answers.
   */
  loseConnectionOnNextReads(count: number, collectionName?: string): void;
  /** From now on, calls of this kind never answer (a hung IndexedDB), until `heal()`. */
  hang(kind: 'read' | 'write', collectionName?: string): void;
  /** Every fault is lifted. */
  heal(): void;
}

type Kind = 'read' | 'write';
interface Fault {
  kind: Kind;
  error: 'quota' | 'broken' | 'lost' | 'hang';
  remaining: number;
  only?: string;
}

export function quotaFaultStorage<I, O>(storage: RxStorage<I, O>): { storage: RxStorage<I, O>; faults: QuotaFaults } {
  let planned: Fault[] = [];
  let failed = 0;
  const plan = (fault: Fault) => {
    planned = planned.filter((f) => !(f.kind === fault.kind && f.error === fault.error));
    planned.push(fault);
  };
  const faults: QuotaFaults = {
    failNextWrites: (count, only) => plan({ kind: 'write', error: 'quota', remaining: count, only }),
    breakNextWrites: (count, only) => plan({ kind: 'write', error: 'broken', remaining: count, only }),
    breakNextReads: (count, only) => plan({ kind: 'read', error: 'broken', remaining: count, only }),
    loseConnectionOnNextReads: (count, only) => plan({ kind: 'read', error: 'lost', remaining: count, only }),
    hang: (kind, only) => plan({ kind, error: 'hang', remaining: Infinity, only }),
    heal: () => void (planned = []),
    get failedWrites() {
      return failed;
    },
  };
  /** The fault this call meets, if any (one planned fault is used up). */
  const take = (kind: Kind, collection: string): Fault | undefined => {
    const fault = planned.find((f) => f.kind === kind && f.remaining > 0 && (!f.only || f.only === collection));
    if (fault) fault.remaining--;
    return fault;
  };
  const wrapped: RxStorage<I, O> = {
    ...storage,
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      const faulty = <A extends unknown[], R>(kind: Kind, call: (...args: A) => Promise<R>) => {
        const real = call.bind(instance);
        return (...args: A): Promise<R> => {
          const fault = take(kind, params.collectionName);
          if (!fault) return real(...args);
          if (kind === 'write') failed++;
          if (fault.error === 'hang') return new Promise<R>(() => undefined);
          if (fault.error === 'lost') return Promise.reject(connectionClosed());
          return Promise.reject(fault.error === 'quota' ? quotaExceeded() : brokenDatabase());
        };
      };
      instance.bulkWrite = faulty('write', instance.bulkWrite);
      instance.findDocumentsById = faulty('read', instance.findDocumentsById);
      instance.query = faulty('read', instance.query);
      instance.count = faulty('read', instance.count);
      return instance;
    },
  };
  return { storage: wrapped, faults };
}

function quotaExceeded(): Error {
  if (typeof DOMException !== 'undefined')
    return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  const error = new Error('The quota has been exceeded.');
  error.name = 'QuotaExceededError';
  return error;
}

/** What Dexie raises for a database that broke under it (an aborted transaction of a corrupted store). */
function brokenDatabase(): Error {
  const error = new Error('Transaction aborted: the database is corrupted');
  error.name = 'UnknownError';
  return error;
}

/** What Chromium's requests in flight end with when the site's storage is cleared under the connection. */
function connectionClosed(): Error {
  if (typeof DOMException !== 'undefined') return new DOMException('The connection was closed.', 'AbortError');
  const error = new Error('The connection was closed.');
  error.name = 'AbortError';
  return error;
}
