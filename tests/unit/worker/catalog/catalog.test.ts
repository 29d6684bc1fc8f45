import { firstValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { Product, ShopNotification } from '../../../../worker/api-types.ts';
import { CatalogService } from '../../../../worker/catalog/index.ts';
import { ProductUnavailableError } from '../../../../worker/catalog/messages.ts';
import { ProductOfflineError } from '../../../../worker/catalog/product-loader.ts';
import { defaultConfig, type WorkerConfig } from '../../../../worker/config.ts';
import { ApiError, NetworkError } from '../../../../worker/http/errors.ts';
import { contextSuite } from '../support/test-db.ts';

// The real server on a shared 2-core machine: the first catalogue calls can take seconds while caches warm.
vi.setConfig({ testTimeout: 30_000 });

let clock = Date.now();

// 20 parents: the smallest seed in which models come in several colours (colour relations exist).
const suite = contextSuite(20);

async function open(config: Partial<WorkerConfig> = {}) {
  clock = Date.now();
  const ctx = await suite.open({ config, now: () => clock });
  const notifications: ShopNotification[] = [];
  ctx.notifications.subscribe((n) => notifications.push(n));
  return { ctx, catalog: new CatalogService(ctx), notifications };
}

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
  (await suite.server().db.query<T>(sql, params)).rows[0];

/** A configurable parent with at least three available children (in stock, enabled); tests restore what they change. */
async function configurableWithChildren(): Promise<{
  parentSku: string;
  parentId: number;
  children: { id: number; sku: string }[];
}> {
  const parent = await one<{ id: number; sku: string }>(
    `select p.id, p.sku from products p where p.type_id = 'configurable' and p.status = 1
       and (select count(*) from products c join stock_items s on s.product_id = c.id
             where c.parent_id = p.id and c.status = 1 and s.is_in_stock) >= 3 order by p.id limit 1`,
  );
  const { rows } = await suite
    .server()
    .db.query<{ id: number; sku: string }>(
      'select c.id, c.sku from products c join stock_items s on s.product_id = c.id where c.parent_id = $1 and c.status = 1 and s.is_in_stock order by c.id',
      [parent.id],
    );
  return { parentSku: parent.sku, parentId: parent.id, children: rows };
}

describe('catalogue search (spec 001 §8 search result flags, spec 000 §9 cache TTL 86 400 s)', () => {
  it('online: answers from the server, caches full product documents in RxDB, flags all false', async () => {
    const { ctx, catalog } = await open();
    const result = await catalog.searchProducts({ filter: { type_id: 'configurable' }, size: 5 });
    expect(result.items.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ offline: false, cache: false, noresults: false });
    expect(await ctx.db.products.count().exec()).toBe(result.items.length);
  });

  it('search failure online rethrows the error', async () => {
    const { catalog } = await open();
    await expect(catalog.searchProducts({ filter: { 'not-a-field': 1 } })).rejects.toBeInstanceOf(ApiError);
  });

  it('offline with no cache gives an empty result with offline, cache and noresults set', async () => {
    const { ctx, catalog } = await open();
    ctx.online.next(false);
    const result = await catalog.searchProducts({ filter: { type_id: 'simple' }, size: 3 });
    expect(result).toMatchObject({ items: [], total: 0, offline: true, cache: true, noresults: true });
  });

  it('offline with a cached answer gives it with offline and cache set', async () => {
    const { ctx, catalog } = await open();
    const online = await catalog.searchProducts({ filter: { type_id: 'configurable' }, size: 4 });
    ctx.online.next(false);
    const offline = await catalog.searchProducts({ filter: { type_id: 'configurable' }, size: 4 });
    expect(offline.items.map((p) => p.sku)).toEqual(online.items.map((p) => p.sku));
    expect(offline).toMatchObject({ offline: true, cache: true, noresults: false });
  });

  it('a cached answer older than the TTL of 86 400 s is not served', async () => {
    const { ctx, catalog } = await open();
    await catalog.searchProducts({ filter: { type_id: 'configurable' }, size: 4 });
    ctx.online.next(false);
    clock += 86_400 * 1000 - 1000;
    expect((await catalog.searchProducts({ filter: { type_id: 'configurable' }, size: 4 })).noresults).toBe(false);
    clock += 2000;
    expect((await catalog.searchProducts({ filter: { type_id: 'configurable' }, size: 4 })).noresults).toBe(true);
  });

  it('text search needs at least 3 characters (spec 001 §5)', async () => {
    const { ctx, catalog } = await open();
    expect((await catalog.textSearch('pa')).noresults).toBe(true);
    expect(ctx.requests).toEqual([]);
  });
});

describe('spec 000 §4 product loading', () => {
  it("missing search key: 'Please provide the search key … for product/single action!'", async () => {
    const { catalog } = await open();
    await expect(catalog.loadProduct({ parentSku: '' })).rejects.toThrow(
      'Please provide the search key sku for product/single action!',
    );
  });

  it('single-product search filters status 1, and status 2 or higher fails', async () => {
    const { ctx, catalog } = await open();
    const { parentSku, parentId } = await configurableWithChildren();
    await catalog.loadProduct({ parentSku });
    await suite.server().db.query('update products set status = 2 where id = $1', [parentId]);
    try {
      await expect(catalog.loadProduct({ parentSku })).rejects.toBeInstanceOf(ProductUnavailableError);
      // A disabled product in the local cache fails the same way when it is all there is (offline).
      await ctx.db.products
        .findOne(parentSku)
        .patch({ doc: { ...(await ctx.db.products.findOne(parentSku).exec())!.doc, status: 2 } });
      ctx.online.next(false);
      await expect(catalog.loadProduct({ parentSku })).rejects.toBeInstanceOf(ProductUnavailableError);
    } finally {
      await suite.server().db.query('update products set status = 1 where id = $1', [parentId]);
    }
  });

  it('visibility 1 (a configurable child) loads the parent when direct child access is allowed', async () => {
    const { catalog } = await open({ catalog: { ...defaultConfig().catalog, allowDirectChildAccess: true } });
    const { parentSku, children } = await configurableWithChildren();
    const view = await catalog.loadProduct({ parentSku: children[1].sku });
    expect(view.product.sku).toBe(parentSku);
    expect(view.selectedChild?.sku).toBe(children[1].sku);
    expect(Object.keys(view.configuration)).toEqual(expect.arrayContaining(['color', 'size']));
  });

  it('visibility 1 fails when direct access to configurable children is disallowed', async () => {
    const { catalog } = await open({ catalog: { ...defaultConfig().catalog, allowDirectChildAccess: false } });
    const { children } = await configurableWithChildren();
    await expect(catalog.loadProduct({ parentSku: children[0].sku })).rejects.toBeInstanceOf(ProductUnavailableError);
  });

  it('out-of-stock or disabled children are removed from the product', async () => {
    const { catalog } = await open();
    const { parentSku, children } = await configurableWithChildren();
    await suite.server().db.query('update stock_items set is_in_stock = false where product_id = $1', [children[0].id]);
    await suite.server().db.query('update products set status = 2 where id = $1', [children[1].id]);
    try {
      const view = await catalog.loadProduct({ parentSku });
      const skus = view.product.configurable_children!.map((c) => c.sku);
      expect(skus).not.toContain(children[0].sku);
      expect(skus).not.toContain(children[1].sku);
      expect(skus).toContain(children[2].sku);
      expect(view.product.errors?.variants).toBeUndefined();
    } finally {
      await suite
        .server()
        .db.query('update stock_items set is_in_stock = true where product_id = $1', [children[0].id]);
      await suite.server().db.query('update products set status = 1 where id = $1', [children[1].id]);
    }
  });

  it("no child in stock: errors.variants 'No available product variants'", async () => {
    const { catalog } = await open();
    const { parentSku, parentId } = await configurableWithChildren();
    const { rows } = await suite
      .server()
      .db.query<{ product_id: number; is_in_stock: boolean }>(
        'select s.product_id, s.is_in_stock from stock_items s join products p on p.id = s.product_id where p.parent_id = $1',
        [parentId],
      );
    await suite
      .server()
      .db.query('update stock_items set is_in_stock = false where product_id = any($1::int[])', [
        rows.map((r) => r.product_id),
      ]);
    try {
      const view = await catalog.loadProduct({ parentSku });
      expect(view.product.configurable_children).toEqual([]);
      expect(view.product.errors?.variants).toBe('No available product variants');
    } finally {
      for (const r of rows)
        await suite
          .server()
          .db.query('update stock_items set is_in_stock = $2 where product_id = $1', [r.product_id, r.is_in_stock]);
    }
  });

  it('grouped products use only associated simple links', async () => {
    const { catalog } = await open();
    const grouped = await one<{ sku: string; id: number }>(
      "select sku, id from products where type_id = 'grouped' order by id limit 1",
    );
    const { rows: links } = await suite.server().db.query<{ linked_product_sku: string }>(
      `select l.linked_product_sku from product_links l join products p on p.id = l.linked_product_id
        where l.product_id = $1 and l.link_type = 'associated' and p.type_id = 'simple' order by l.position`,
      [grouped.id],
    );
    const view = await catalog.loadProduct({ parentSku: grouped.sku });
    expect(links.length).toBeGreaterThan(0);
    expect(view.associated.map((p) => p.sku)).toEqual(links.map((l) => l.linked_product_sku));
    expect(view.associated.every((p) => p.type_id === 'simple')).toBe(true);
  });

  it('offline: a product seen before renders from RxDB; an unseen one fails with a clear offline error', async () => {
    const { ctx, catalog } = await open();
    const { parentSku } = await configurableWithChildren();
    await catalog.loadProduct({ parentSku });
    ctx.online.next(false);
    const view = await catalog.loadProduct({ parentSku });
    expect(view.fromCache).toBe(true);
    expect(view.product.sku).toBe(parentSku);
    const unseen = await one<{ sku: string }>(
      "select sku from products where type_id = 'configurable' and sku <> $1 limit 1",
      [parentSku],
    );
    await expect(catalog.loadProduct({ parentSku: unseen.sku })).rejects.toBeInstanceOf(ProductOfflineError);
  });
});

describe('spec 000 §4 configurable product: choosing options', () => {
  it('finds the matching child variant', async () => {
    const { catalog } = await open();
    const { parentSku } = await configurableWithChildren();
    const view = await catalog.loadProduct({ parentSku });
    const target = view.product.configurable_children![1];
    const found = await catalog.configureProduct(parentSku, { color: String(target.color), size: String(target.size) });
    expect(found).toEqual({ childSku: target.sku });
  });

  it("no match shows the warning 'No such configuration for the product. Please do choose another combination of attributes.'", async () => {
    const { catalog, notifications } = await open();
    const { parentSku } = await configurableWithChildren();
    expect(await catalog.configureProduct(parentSku, { color: '999999', size: '1' })).toBeNull();
    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'warning',
        messageKey: 'No such configuration for the product. Please do choose another combination of attributes.',
      }),
    ]);
  });
});

describe('spec 001 §3 colour relations', () => {
  it('lists colorrelation products in stock, at most 20', async () => {
    const { catalog } = await open();
    const linked = await one<{ sku: string; n: number }>(
      `select p.sku, count(*)::int as n from product_links l join products p on p.id = l.product_id
        where l.link_type = 'colorrelation' and p.status = 1
          and exists (select 1 from product_links l2 join products r on r.id = l2.linked_product_id
                        join stock_items s on s.product_id = r.id
                       where l2.product_id = p.id and l2.link_type = 'colorrelation' and r.status = 1 and s.is_in_stock)
        group by p.sku order by n desc limit 1`,
    );
    const related: Product[] = await catalog.colorRelations(linked.sku);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(Math.min(20, linked.n));
    expect(related.every((p) => p.stock?.is_in_stock !== false)).toBe(true);
  });
});

describe('categories', () => {
  it('spec 000 §5: categories below the root id 2 are never queried by id', async () => {
    const { ctx, catalog } = await open();
    expect(await catalog.getCategory({ id: 1 })).toBeNull();
    expect(await catalog.loadCategories(1)).toEqual([]);
    expect(ctx.requests).toEqual([]);
    const top = await catalog.loadCategories(2);
    expect(top.length).toBeGreaterThan(0);
    expect(top.every((c) => c.parent_id === 2)).toBe(true);
  });

  it('offline, a category this device has not seen rejects (not on the device is not "none"); a seen one answers', async () => {
    const { ctx, catalog } = await open();
    const [seen, unseen] = (
      await suite
        .server()
        .db.query<{ id: number; url_path: string }>(
          'select id, url_path from categories where level = 2 and is_active order by id limit 2',
        )
    ).rows;
    expect((await catalog.getCategory({ url_path: seen.url_path }))?.id).toBe(seen.id);
    expect(await catalog.getCategory({ url_path: 'bestaat-niet' })).toBeNull();
    ctx.online.next(false);
    expect((await catalog.getCategory({ url_path: seen.url_path }))?.id).toBe(seen.id);
    // the server's "none", kept, is still none offline
    expect(await catalog.getCategory({ url_path: 'bestaat-niet' })).toBeNull();
    await expect(catalog.getCategory({ url_path: unseen.url_path })).rejects.toBeInstanceOf(NetworkError);
  });

  it('spec 000 §2: category url_paths are registered as mappings to route category with param url_path', async () => {
    const { ctx, catalog } = await open();
    const top = await catalog.loadCategories(2);
    const mapped = await ctx.db.url_map.findOne(`/${top[0].url_path}`).exec();
    expect(mapped?.route).toEqual({ name: 'category', params: { url_path: top[0].url_path } });
  });

  it('the categories live query serves every level of the menu from the local cache', async () => {
    const { ctx, catalog } = await open();
    const top = await catalog.loadCategories(2);
    const parent = top.find((c) => (c.children_data?.length ?? 0) > 0)!;
    const live = await firstValueFrom(ctx.live.get('categories')!({ parentId: parent.id }));
    expect(live.map((c) => c.id).sort()).toEqual(
      parent
        .children_data!.filter((c) => c.is_active !== false)
        .map((c) => c.id)
        .sort(),
    );
  });

  it('two-stage caching: the first stage lists light documents, the second caches full ones', async () => {
    const { ctx, catalog } = await open();
    const category = await one<{ id: number }>(
      "select c.id from categories c where c.level = 2 and exists (select 1 from products p where c.id = any(p.category_ids) and p.type_id = 'configurable') order by c.id limit 1",
    );
    const result = await catalog.categoryListing({ categoryId: category.id });
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items[0].configurable_children).toBeUndefined();
    const configurableSku = result.items.find((p) => p.type_id === 'configurable')!.sku;
    await catalog.secondStage;
    const stored = await ctx.db.products.findOne(configurableSku).exec();
    expect(stored?.doc.configurable_children?.length).toBeGreaterThan(0);
    expect(stored?.doc.configurable_options?.length).toBeGreaterThan(0);
  });

  it('the two-stage switch turns off at runtime when the first stage is slower than the second', async () => {
    const { ctx } = await open();
    // A clock that makes every first stage take 100 "ms" and every second stage 1.
    let t = 0;
    const steps = [0, 100, 100, 101];
    const catalog = new CatalogService(ctx, () => steps[t++] ?? 0);
    const category = await one<{ id: number }>('select id from categories where level = 2 order by id limit 1');
    await catalog.categoryListing({ categoryId: category.id });
    await catalog.secondStage;
    expect(catalog.twoStage.enabled).toBe(false);
  });

  it("offline, a category never listed shows the warning 'No products synchronized for this category…' with OK", async () => {
    const { ctx, catalog, notifications } = await open();
    ctx.online.next(false);
    const result = await catalog.categoryListing({ categoryId: 10 });
    expect(result).toMatchObject({ offline: true, noresults: true });
    expect(notifications[0]).toMatchObject({
      type: 'warning',
      messageKey: 'No products synchronized for this category. Please come back while online!',
      action: { labelKey: 'OK' },
    });
  });

  it('a category listed online renders offline from the cache', async () => {
    const { ctx, catalog } = await open();
    const category = await one<{ id: number }>('select id from categories where level = 2 order by id limit 1');
    const online = await catalog.categoryListing({ categoryId: category.id, sort: 'price_asc' });
    await catalog.secondStage;
    ctx.online.next(false);
    const offline = await catalog.categoryListing({ categoryId: category.id, sort: 'price_asc' });
    expect(offline.items.map((p) => p.sku)).toEqual(online.items.map((p) => p.sku));
    expect(offline.cache).toBe(true);
  });
});
