import type { DeviceUpdateProgress } from './migrate-collections.ts';

type Watcher = (progress: DeviceUpdateProgress) => unknown;
/** Lets a page's callback go once it has heard `done` (a comlink proxy's release). */
type Release = () => void;

/**
 * The progress of the migration at the worker's start, for the pages of this tab (docs/offline-and-storage.md
 * "Schema migrations"). It is asked before the database is open, while every other call waits for it: a page that
 * watches before the database is open hears where the migration is and every step after, and `done` once the
 * database is open; a page that watches later hears `done` at once.
 */
export class MigrationProgressHub {
  private current: DeviceUpdateProgress | null = null;
  private open = false;
  private readonly watchers = new Map<Watcher, Release>();

  report(progress: DeviceUpdateProgress): void {
    this.current = progress;
    for (const watcher of this.watchers.keys()) void tell(watcher, progress);
  }

  /** The database is open (migrated or not): every watcher hears `done` and is let go. */
  opened(): void {
    this.open = true;
    for (const [watcher, release] of this.watchers) void tell(watcher, DONE).then(release);
    this.watchers.clear();
  }

  watch(watcher: Watcher, release: Release = () => undefined): void {
    if (this.open) {
      void tell(watcher, DONE).then(release);
      return;
    }
    this.watchers.set(watcher, release);
    if (this.current) void tell(watcher, this.current);
  }
}

const DONE: DeviceUpdateProgress = { percent: 100, done: true };

function tell(watcher: Watcher, progress: DeviceUpdateProgress): Promise<void> {
  // a page gone while the worker still starts: its callback rejects, nothing else depends on it
  return Promise.resolve()
    .then(() => watcher(progress))
    .then(
      () => undefined,
      () => undefined,
    );
}
