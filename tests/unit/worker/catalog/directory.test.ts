import { describe, expect, it, vi } from 'vitest';
import { BUILT_IN_COUNTRIES } from '../../../../domain/checkout/countries.ts';
import { loadDirectory } from '../../../../worker/catalog/directory.ts';
import type { Envelope } from '../../../../contract/envelope.ts';
import type { HttpClient } from '../../../../worker/http/client.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import { contextSuite, type TestContext } from '../support/test-db.ts';

vi.setConfig({ testTimeout: 30_000 });

const suite = contextSuite(2);
const directoryCalls = (ctx: TestContext) => ctx.requests.filter((p) => p.startsWith('/api/directory/')).length;

/** The context with every directory call answered by `answer` (the other calls go to the test server). */
function answering(ctx: TestContext, answer: () => Promise<Envelope<unknown>>): TestContext {
  const real = ctx.http;
  const http: HttpClient = {
    ...real,
    get: (path, options) => (path.startsWith('/api/directory/') ? answer() : real.get(path, options)),
  } as HttpClient;
  return Object.assign(Object.create(ctx) as TestContext, { http });
}

describe('the directory (spec 001 §7 "used only if not cached and the code is 200"; §9 a failed call is ignored)', () => {
  it('without a 200 ever: the built-in shipping countries, and nothing is cached', async () => {
    const ctx = await suite.open();
    const failing = answering(ctx, async () => ({ code: 500, result: 'Internal error' }));
    const directory = await loadDirectory(failing);
    expect(directory.source).toBe('built-in');
    expect(directory.countries).toEqual(BUILT_IN_COUNTRIES);
    expect(await ctx.db.cache.count().exec()).toBe(0);
  });

  it('a 200 is cached and used without a new call while fresh; the store country first, with the shipping ones', async () => {
    const ctx = await suite.open();
    const first = await loadDirectory(ctx);
    expect(first.source).toBe('server');
    expect(first.countries[0]).toEqual({ id: 'NL', name: 'Nederland', shipping: true });
    expect(first.countries.filter((c) => c.shipping).map((c) => c.id)).toEqual(['NL', 'BE']);
    expect(first.countries.length).toBeGreaterThan(2);
    expect(first.currency).toEqual({ code: 'EUR', symbol: '€' });
    const calls = directoryCalls(ctx);
    const again = await loadDirectory(ctx);
    expect(again).toEqual({ ...first, source: 'cache' });
    expect(directoryCalls(ctx)).toBe(calls);
  });

  it('past its age the call is made again; a non-200, a malformed 200 or no network leaves the last good answer', async () => {
    let now = Date.now();
    const ctx = await suite.open({ now: () => now });
    const good = await loadDirectory(ctx);
    now += (ctx.config.cacheTtlSeconds + 1) * 1000;
    const answers: (() => Promise<Envelope<unknown>>)[] = [
      async () => ({ code: 404, result: 'Store not found' }),
      async () => ({ code: 500, result: [{ id: 'XX', full_name_locale: 'Nergensland', shipping_available: true }] }),
      async () => ({ code: 200, result: 'not a list' }),
      async () => {
        throw new NetworkError('The device is offline', 'OFFLINE');
      },
    ];
    for (const answer of answers) {
      const asked = vi.fn(answer);
      const directory = await loadDirectory(answering(ctx, asked));
      expect(asked).toHaveBeenCalled();
      expect(directory.countries).toEqual(good.countries);
      expect(directory.source).toBe('cache');
    }
    // a 200 replaces it
    const changed = [{ id: 'NL', full_name_locale: 'Nederland', shipping_available: true }];
    const fresh = await loadDirectory(answering(ctx, async () => ({ code: 200, result: changed })));
    expect(fresh.countries).toEqual([{ id: 'NL', name: 'Nederland', shipping: true }]);
    expect(fresh.source).toBe('server');
  });
});
