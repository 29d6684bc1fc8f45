/**
 * The device cache's limits (spec 001 §4 "Offline cache"): when persistent storage is given up, how long a storage
 * call may take, how often the quota is checked and how much one purge removes, and the size estimate it uses.
 */

/** Persistent storage is turned off after this many read errors (a read timeout counts as one)… */
export const MAX_READ_ERRORS = 1;
/** …or this many write errors (a write timeout counts as one); memory only is used for the rest of the session. */
export const MAX_WRITE_ERRORS = 30;
/** A read or a write that has not answered after this long is a timeout. */
export const READ_WRITE_TIMEOUT_MS = 800;
/** An iteration (a query or count over a collection) that has not answered after this long is a timeout. */
export const ITERATION_TIMEOUT_MS = 2_000;
/** The quota check runs every 30 seconds (on the leader tab). */
export const QUOTA_CHECK_INTERVAL_MS = 30_000;
/** Over quota, the entries with iteration index below 100 are purged: one purge removes at most 100 entries. */
export const PURGE_BATCH = 100;

/**
 * The spec's size estimate of a stored value: 2 bytes per string character, 8 per number, 4 per boolean; objects and
 * arrays count their keys (strings) and values. null and undefined count nothing.
 */
export function estimateSize(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length * 2;
    case 'number':
      return 8;
    case 'boolean':
      return 4;
    case 'object': {
      if (value === null) return 0;
      if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + estimateSize(item), 0);
      let size = 0;
      for (const [key, item] of Object.entries(value)) size += key.length * 2 + estimateSize(item);
      return size;
    }
    default:
      return 0;
  }
}
