import { describe, expect, it, vi } from 'vitest';
import { dropLastNavPaths, previousNavPath } from '../../../../domain/nav-path.ts';
import { KV_KEYS } from '../../../../schemas/index.ts';
import { Dispatcher } from '../../../../worker/routing/dispatcher.ts';
import { routingApi } from '../../../../worker/routing/index.ts';
import { urlMapStore } from '../../../../worker/db/url-map-store.ts';
import { contextSuite } from '../support/test-db.ts';

// The real server on a shared 2-core machine: the first catalogue calls can take seconds while caches warm.
vi.setConfig({ testTimeout: 30_000 });

const suite = contextSuite(12);

async function open() {
  const ctx = await suite.open();
  return { ctx, dispatcher: new Dispatcher(ctx) };
}

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
  (await suite.server().db.query<T>(sql, params)).rows[0];

describe('spec 000 §2 URL dispatcher: lookup order memory → local cache → server', () => {
  it('a category path comes from the server first, then from memory, then from the local url map', async () => {
    const { ctx, dispatcher } = await open();
    const { url_path } = await one<{ url_path: string }>(
      "select url_path from url_rewrites where entity_type = 'category' order by url_path limit 1",
    );
    const first = await dispatcher.resolve(`/${url_path}/`);
    expect(first).toMatchObject({ name: 'category', params: { url_path } });
    expect(ctx.requests).toEqual(['/api/url/map']);

    expect(await dispatcher.resolve(`/${url_path}`)).toMatchObject({ name: 'category' });
    expect(ctx.requests).toHaveLength(1);

    urlMapStore(ctx).clearMemory();
    expect(await new Dispatcher(ctx).resolve(`/${url_path}?page=2`)).toMatchObject({
      name: 'category',
      params: { url_path },
    });
    expect(ctx.requests).toHaveLength(1);
  });

  it('a product path gives {type_id}-product with slug, parentSku and childSku', async () => {
    const { dispatcher } = await open();
    const p = await one<{ sku: string; url_path: string; slug: string; type_id: string }>(
      "select sku, url_path, slug, type_id from products where type_id = 'configurable' order by id limit 1",
    );
    expect(await dispatcher.resolve(`/${p.url_path}`)).toMatchObject({
      name: 'configurable-product',
      params: { slug: p.slug, parentSku: p.sku, childSku: p.sku },
    });
  });

  it('a configurable child URL redirects (301) to the parent URL with the child sku', async () => {
    const { dispatcher } = await open();
    const child = await one<{ sku: string; url_path: string; parent_url: string; parent_sku: string }>(
      `select c.sku, c.url_path, p.url_path as parent_url, p.sku as parent_sku from products c join products p on p.id = c.parent_id
        where c.status = 1 and p.status = 1 order by c.id limit 1`,
    );
    const route = await dispatcher.resolve(`/${child.url_path}`);
    expect(route.name).toBe('configurable-product');
    expect(route.params).toMatchObject({ parentSku: child.parent_sku, childSku: child.sku });
    expect(route.redirect).toBe(`/${child.parent_url}?childSku=${encodeURIComponent(child.sku)}`);
  });

  it("nothing found: route page-not-found with slug page-not-found ('No route found')", async () => {
    const { dispatcher } = await open();
    expect(await dispatcher.resolve('/dit/bestaat/echt/niet')).toMatchObject({
      name: 'page-not-found',
      params: { slug: 'page-not-found' },
    });
  });

  it('a path naming a store code is page-not-found without a lookup, though the BE home is the story be/home', async () => {
    const { ctx, dispatcher } = await open();
    expect(await one<{ n: number }>("select count(*)::int as n from cms_stories where full_slug = 'be/home'")).toEqual({
      n: 1,
    });
    for (const path of ['/be/home', '/be/', '/nl/home']) {
      expect(await dispatcher.resolve(path)).toMatchObject({
        name: 'page-not-found',
        params: { slug: 'page-not-found' },
      });
    }
    expect(ctx.requests).toEqual([]);
  });

  it('a matched route that needs no dispatching is returned as is, without any lookup', async () => {
    const { ctx, dispatcher } = await open();
    expect(await dispatcher.resolve('/winkelwagen/', { name: 'cart', params: {} })).toEqual({
      path: '/winkelwagen',
      name: 'cart',
      params: {},
    });
    expect(ctx.requests).toEqual([]);
  });

  it('navigation lock: resolving the same path concurrently shares one lookup', async () => {
    const { ctx, dispatcher } = await open();
    const { url_path } = await one<{ url_path: string }>(
      "select url_path from url_rewrites where entity_type = 'category' order by url_path desc limit 1",
    );
    const a = dispatcher.resolve(`/${url_path}`);
    const b = dispatcher.resolve(`/${url_path}/`);
    expect(dispatcher.locked).toBe(true);
    expect(b).toBe(a);
    await a;
    expect(dispatcher.locked).toBe(false);
    expect(ctx.requests).toEqual(['/api/url/map']);
  });

  it('offline, an unknown path answers page-not-found marked offline and is not cached', async () => {
    const { ctx, dispatcher } = await open();
    ctx.online.next(false);
    expect(await dispatcher.resolve('/heren-pakken')).toMatchObject({ name: 'page-not-found', offline: true });
    expect(await ctx.db.url_map.count().exec()).toBe(0);
  });
});

describe('spec 000 §2 fallback for unknown paths against the real server', () => {
  it('a search-provider landing page gives elevate-landing-page with url_path', async () => {
    const { dispatcher } = await open();
    const { url_path } = await one<{ url_path: string }>(
      'select url_path from landing_pages where published order by url_path limit 1',
    );
    expect(await dispatcher.resolve(`/${url_path}/`)).toMatchObject({
      name: 'elevate-landing-page',
      params: { url_path },
    });
  });

  it('/winkels/{slug} of a store location gives storelocator-entry', async () => {
    const { dispatcher } = await open();
    const { slug } = await one<{ slug: string }>('select slug from store_locations order by id limit 1');
    expect(await dispatcher.resolve(`/winkels/${slug}`)).toMatchObject({
      name: 'storelocator-entry',
      params: { slug },
    });
  });

  it('a content story gives storyblok; the empty path is home', async () => {
    const { dispatcher } = await open();
    const { full_slug } = await one<{ full_slug: string }>(
      "select full_slug from cms_stories where kind = 'page' and published is not null and full_slug not like '%/%' and full_slug <> 'home' order by id limit 1",
    );
    expect(await dispatcher.resolve(`/${full_slug}`)).toMatchObject({ name: 'storyblok', params: { slug: full_slug } });
    expect(await dispatcher.resolve('/')).toMatchObject({ name: 'storyblok', params: { slug: 'home' } });
  });

  it('the content-page flag forces the content route', async () => {
    const { dispatcher } = await open();
    expect(await dispatcher.resolve('/', { name: 'page-not-found', cmsPage: true })).toMatchObject({
      name: 'storyblok',
      params: { slug: 'home' },
    });
  });
});

describe('spec 000 §2 a storage quota error clears the mapping cache', () => {
  it('clears the url map (memory and RxDB) and still stores the new mapping', async () => {
    const { ctx, dispatcher } = await open();
    const { rows } = await suite
      .server()
      .db.query<{ url_path: string }>(
        "select distinct url_path from url_rewrites where entity_type = 'category' order by url_path limit 3",
      );
    await dispatcher.resolve(`/${rows[0].url_path}`);
    await dispatcher.resolve(`/${rows[1].url_path}`);
    expect(await ctx.db.url_map.count().exec()).toBe(2);

    ctx.faults.failNextWrites(1, 'url_map');
    await dispatcher.resolve(`/${rows[2].url_path}`);
    expect(ctx.faults.failedWrites).toBe(1);
    expect((await ctx.db.url_map.find().exec()).map((d) => d.url)).toEqual([`/${rows[2].url_path}`]);
    expect(urlMapStore(ctx).memoryGet(`/${rows[0].url_path}`)).toBeUndefined();
  });
});

describe('spec 000 §2 nav_path through the routing API', () => {
  it('is cleared at start, keeps visited paths, gives the previous path ignoring #, drops the last n', async () => {
    const ctx = await suite.open();
    await ctx.db.kv.upsert({ key: KV_KEYS.navPath, value: ['/oud'], updated_at: 1 });
    const api = routingApi(ctx);
    for (const path of ['/', '/heren-pakken', '/heren-pakken#filters', '/p/SKU/slug']) await api.pushNavPath(path);
    const stored = async () => (await ctx.db.kv.findOne(KV_KEYS.navPath).exec())?.value as string[];
    expect(previousNavPath(await stored())).toBe('/heren-pakken');
    await ctx.db.kv.upsert({ key: KV_KEYS.navPath, value: dropLastNavPaths(await stored(), 2), updated_at: 2 });
    expect((await ctx.db.kv.findOne(KV_KEYS.navPath).exec())?.value).toEqual(['/', '/heren-pakken']);
  });
});
