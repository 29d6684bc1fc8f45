import { describe, expect, it } from 'vitest';
import type { DeviceUpdateProgress } from '../../../../worker/db/migrate-collections.ts';
import { MigrationProgressHub } from '../../../../worker/db/migration-progress.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the start-up migration as the pages hear it (docs/offline-and-storage.md "Schema migrations")', () => {
  it('a page watching before the database is open hears where the migration is, each step, then done, and is let go', async () => {
    const hub = new MigrationProgressHub();
    const heard: DeviceUpdateProgress[] = [];
    let released = 0;
    hub.report({ percent: 20, done: false });
    hub.watch(
      (p) => heard.push(p),
      () => released++,
    );
    hub.report({ percent: 60, done: false });
    hub.opened();
    await settle();
    expect(heard).toEqual([
      { percent: 20, done: false },
      { percent: 60, done: false },
      { percent: 100, done: true },
    ]);
    expect(released).toBe(1);
  });

  it('a page that watches after the database opened hears done at once', async () => {
    const hub = new MigrationProgressHub();
    hub.opened();
    const heard: DeviceUpdateProgress[] = [];
    hub.watch((p) => heard.push(p));
    await settle();
    expect(heard).toEqual([{ percent: 100, done: true }]);
  });
});
