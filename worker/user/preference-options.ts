import { cachedSearch } from '../catalog/search.ts';
import { readCache, writeCache } from '../catalog/cache-store.ts';
import type { WorkerContext } from '../context.ts';
import { isNetworkError } from '../http/errors.ts';
import type { PreferenceOptions } from './api-types.ts';

type StoreOption = PreferenceOptions['stores'][number];

const STORES_CACHE_KEY = 'preferences:stores';

/**
 * The choices of the preferences page: the stores of the store locator (GET /api/stores) and the options of the
 * catalogue's `brand` attribute. Network first, the local cache when offline, so the page also works on the train.
 */
export async function loadPreferenceOptions(ctx: WorkerContext): Promise<PreferenceOptions> {
  const [stores, brands] = await Promise.all([loadStores(ctx), loadBrands(ctx)]);
  return { stores: stores.items, brands: brands.items, offline: stores.offline || brands.offline };
}

/** The shop's stores (GET /api/stores), network first, the cached list offline; also the checkout's pickup stores. */
export async function loadStores(ctx: WorkerContext): Promise<{ items: StoreOption[]; offline: boolean }> {
  try {
    const res = await ctx.http.get<StoreOption[]>('/api/stores');
    if (res.code !== 200 || !Array.isArray(res.result)) throw new Error(`stores ${res.code}`);
    const items = res.result.map(({ id, slug, name, city, country_id }) => ({ id, slug, name, city, country_id }));
    await writeCache(ctx, STORES_CACHE_KEY, items);
    return { items, offline: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return { items: (await readCache<StoreOption[]>(ctx, STORES_CACHE_KEY)) ?? [], offline: true };
  }
}

async function loadBrands(ctx: WorkerContext): Promise<{ items: PreferenceOptions['brands']; offline: boolean }> {
  const result = await cachedSearch<{ attribute_code: string; options?: { value: string; label: string }[] }>(
    ctx,
    'attribute',
    {
      filter: { attribute_code: 'brand' },
      size: 1,
    },
  );
  const options = result.items.find((a) => a.attribute_code === 'brand')?.options ?? [];
  const items = options
    .map((o) => ({ value: Number(o.value), label: o.label }))
    .filter((o) => Number.isInteger(o.value))
    .sort((a, b) => a.label.localeCompare(b.label, 'nl'));
  return { items, offline: result.offline };
}
