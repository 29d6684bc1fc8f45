import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { defaultConfig } from '../../../../worker/config.ts';
import { loadTheme, THEME_CACHE_KEY } from '../../../../worker/content/index.ts';
import { WorkerEvents } from '../../../../worker/events.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import type { ShopDatabase } from '../../../../schemas/index.ts';
import { openTestDatabase } from '../support/db.ts';

const STORY = {
  story: {
    full_slug: 'config/theme',
    content: { logo: { image: '/assets/logo-header.svg', alt: 'OFM' }, menu: [{ title: 'Pakken', link: '/pakken' }] },
  },
};

describe('the theme config through the worker (spec 001 §7), kept for offline use', () => {
  let db: ShopDatabase;
  let answer: () => Promise<{ code: number; result: unknown }>;
  const ctx = () => ({
    db,
    config: defaultConfig(),
    now: () => Date.now(),
    events: new WorkerEvents(),
    http: { get: (() => answer()) as never },
  });

  beforeEach(async () => {
    db = await openTestDatabase(undefined, ['cache']);
  });
  afterEach(async () => {
    await db.close();
  });

  test('read from the server and kept; offline the kept copy answers', async () => {
    answer = async () => ({ code: 200, result: STORY });
    const online = await loadTheme(ctx());
    expect(online?.menu).toEqual([{ title: 'Pakken', link: '/pakken' }]);
    expect((await db.cache.findOne(THEME_CACHE_KEY).exec())?.toMutableJSON().value).toEqual(online);

    answer = () => Promise.reject(new NetworkError('offline', 'OFFLINE'));
    expect(await loadTheme(ctx())).toEqual(online);
    // a server that answers but not 200 keeps the copy too
    answer = async () => ({ code: 500, result: 'kapot' });
    expect(await loadTheme(ctx())).toEqual(online);
  });

  test('offline on a device that never read it: null; a fault that is no network error is raised', async () => {
    answer = () => Promise.reject(new NetworkError('offline', 'OFFLINE'));
    expect(await loadTheme(ctx())).toBeNull();
    answer = () => Promise.reject(new TypeError('bug'));
    await expect(loadTheme(ctx())).rejects.toThrow('bug');
  });
});
