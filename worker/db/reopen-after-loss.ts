import { sleep } from '../sleep.ts';
import { isConnectionLost } from './storage-errors.ts';

/**
 * How often a database whose connection was closed under the worker is opened again, and the pause before each next
 * try: while the browser is still clearing the site's storage it closes new connections too (docs/offline-and-storage.md
 * "When storage breaks mid-session").
 */
export const RECONNECT_ATTEMPTS = 5;
const RECONNECT_PAUSE_MS = 100;

/** The pause before the `retried`-th next try (100, 200, 400, 800 ms: 1.5 s in all). */
export function reconnectPause(retried: number): number {
  return RECONNECT_PAUSE_MS * 2 ** (retried - 1);
}

/**
 * RxDB's Dexie storage keeps each database's opening for the life of the worker, a failed one too (rxdb 17.6: closing
 * an instance awaits its failed opening and throws before it is forgotten), so an open that the browser failed while
 * clearing the site's storage would leave that database dead until the page is reloaded. The open itself is therefore
 * tried again on a lost connection (Dexie can be opened again after a failed open); any other failure stands. Given to
 * the storage as its `onCreate`, which RxDB calls before it opens the database.
 */
export function openAgainWhenLost(db: { open(): Promise<unknown> }): void {
  const open = db.open.bind(db);
  db.open = async () => {
    for (let retried = 0; ; retried++) {
      try {
        return await open();
      } catch (error) {
        if (retried + 1 >= RECONNECT_ATTEMPTS || !isConnectionLost(error)) throw error;
        await sleep(reconnectPause(retried + 1));
      }
    }
  };
}
