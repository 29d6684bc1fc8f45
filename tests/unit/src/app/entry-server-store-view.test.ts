import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, test } from 'vitest';
import type { StoreCode } from '../../../../domain/store-view.ts';
import { inStoreView } from '../../../../src/entry-server.tsx';
import { t } from '../../../../src/lib/i18n/index.ts';
import { storeView } from '../../../../src/lib/store-view.ts';

/**
 * The server renders pages of both store views at once, and a render that waits (a lazily loaded page, a streamed
 * boundary) resumes after others have started: each render keeps its own store view and texts (docs/server-rendering.md).
 */
test('interleaved renders of the NL and BE store views each read their own store view, locale and texts', async () => {
  const stores = Array.from({ length: 20 }, (_, i): StoreCode => (i % 2 === 0 ? 'nl' : 'be'));
  const seen = await Promise.all(
    stores.map((store, i) =>
      inStoreView(store, async () => {
        const before = [storeView().storeCode, storeView().lang, t('Cart')];
        // every render waits a different number of turns, so they resume in another order than they started
        for (let n = 0; n < (i * 7) % 5; n++) await nextTurn();
        return [...before, storeView().storeCode, storeView().lang, t('Cart')];
      }),
    ),
  );
  seen.forEach((values, i) => {
    const own = stores[i] === 'be' ? ['be', 'nl-BE', 'Winkelmandje'] : ['nl', 'nl', 'Winkelwagen'];
    expect(values).toEqual([...own, ...own]);
  });
});
