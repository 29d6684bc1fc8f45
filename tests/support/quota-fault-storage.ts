import type { RxStorage } from 'rxdb';

/**
 * A storage wrapper whose writes fail with a QuotaExceededError on demand, so the quota rules run on the real
 * database path (a full disk cannot be produced on demand, DESIGN.md "Conventions").
 */
export interface QuotaFaults {
  /** Number of upcoming writes (bulkWrite calls) that fail; optionally only for one collection. */
  failNextWrites(count: number, collectionName?: string): void;
  readonly failedWrites: number;
}

export function quotaFaultStorage<I, O>(storage: RxStorage<I, O>): { storage: RxStorage<I, O>; faults: QuotaFaults } {
  let remaining = 0;
  let only: string | undefined;
  let failed = 0;
  const faults: QuotaFaults = {
    failNextWrites(count, collectionName) {
      remaining = count;
      only = collectionName;
    },
    get failedWrites() {
      return failed;
    },
  };
  const wrapped: RxStorage<I, O> = {
    ...storage,
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      const bulkWrite = instance.bulkWrite.bind(instance);
      instance.bulkWrite = (rows, context) => {
        if (remaining > 0 && (!only || only === params.collectionName)) {
          remaining--;
          failed++;
          return Promise.reject(quotaExceeded());
        }
        return bulkWrite(rows, context);
      };
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
