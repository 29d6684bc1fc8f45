import { describe, expect, it, vi } from 'vitest';
import { api, type Doc, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

interface SearchResult {
  items: Doc[];
  total: number;
  start: number;
  perPage: number;
  aggregations: Record<string, { buckets: Array<{ key: string; doc_count: number }> }>;
  attributeMetadata: Array<{ attribute_code: string; options: Array<{ value: string; label: string }> }>;
}

let server: TestServer;
const search = (body: unknown, entity = 'product', store = 'nl') =>
  api<SearchResult>(server, 'POST', `/api/catalog/${store}/${entity}/_search`, body);

useTestServer({ products: 40 }, (started) => {
  server = started;
});

async function aCategoryWithProducts(): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `select c.id from categories c where exists (select 1 from products p where p.category_ids @> array[c.id]
       and p.visibility in (2,3,4) and p.status in (0,1)) order by c.level desc, c.id limit 1`,
  );
  return rows[0].id;
}

describe('product search: filters, base filter, paging', () => {
  it('applies the listing base filter: visibility 2/3/4 and status 0/1 (spec 000 §5)', async () => {
    const { status, body } = await search({ size: 999, includeFields: ['visibility', 'status'] });
    expect(status).toBe(200);
    const { rows } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from products where visibility in (2,3,4) and status in (0,1)',
    );
    expect(body.result.total).toBe(rows[0].n);
    for (const item of body.result.items) {
      expect([2, 3, 4]).toContain(item.visibility);
      expect([0, 1]).toContain(item.status);
    }
  });

  it('an explicit visibility filter replaces the base filter (child lookup by sku)', async () => {
    const { rows } = await server.db.query<{ sku: string }>(
      'select sku from products where visibility = 1 and status = 1 limit 1',
    );
    const { body } = await search({ filter: { sku: rows[0].sku, visibility: 1, status: 1 } });
    expect(body.result.items.map((i) => i.sku)).toEqual([rows[0].sku]);
    const hidden = await search({ filter: { sku: rows[0].sku } });
    expect(hidden.body.result.total).toBe(0);
  });

  it('filters by category (array contains) and an attribute option, sorted by price', async () => {
    const categoryId = await aCategoryWithProducts();
    const all = await search({
      filter: { category_ids: { in: [categoryId] } },
      size: 999,
      includeFields: ['category_ids', 'color', 'final_price_incl_tax'],
    });
    expect(all.body.result.total).toBeGreaterThan(0);
    for (const item of all.body.result.items) expect(item.category_ids).toContain(categoryId);
    const color = String(
      Array.isArray(all.body.result.items[0].color)
        ? all.body.result.items[0].color[0]
        : all.body.result.items[0].color,
    );

    const filtered = await search({
      filter: { category_ids: { in: [categoryId] }, color: { in: [color] } },
      sort: 'price:asc',
      size: 999,
      includeFields: ['sku', 'color', 'color_options', 'final_price_incl_tax'],
    });
    expect(filtered.status).toBe(200);
    expect(filtered.body.result.total).toBeGreaterThan(0);
    const prices = filtered.body.result.items.map((i) => i.final_price_incl_tax as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const item of filtered.body.result.items) {
      const values = [item.color, item.color_options].flat().filter(Boolean).map(String);
      expect(values).toContain(color);
    }
  });

  it('price range filter uses the effective final price incl. tax (euros)', async () => {
    const { body } = await search({
      filter: { price: { gte: 50, lt: 100 } },
      size: 999,
      includeFields: ['final_price_incl_tax'],
    });
    expect(body.result.total).toBeGreaterThan(0);
    for (const item of body.result.items) {
      expect(item.final_price_incl_tax).toBeGreaterThanOrEqual(50);
      expect(item.final_price_incl_tax).toBeLessThan(100);
    }
  });

  it('pages with start/size and keeps the total; default sort position:asc', async () => {
    const first = await search({ start: 0, size: 5, includeFields: ['sku', 'position'] });
    const second = await search({ start: 5, size: 5, includeFields: ['sku', 'position'] });
    expect(first.body.result.perPage).toBe(5);
    expect(second.body.result.start).toBe(5);
    expect(second.body.result.total).toBe(first.body.result.total);
    const firstSkus = first.body.result.items.map((i) => i.sku);
    for (const item of second.body.result.items) expect(firstSkus).not.toContain(item.sku);
    const positions = [...first.body.result.items, ...second.body.result.items].map((i) => i.position as number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const past = await search({ start: 10_000, size: 5 });
    expect(past.body.result.items).toEqual([]);
    expect(past.body.result.total).toBe(first.body.result.total);
  });

  it('size 0 or less means the default 50 and a negative start means 0 (spec 001 §5)', async () => {
    const { status, body } = await search({ size: 0, start: -3 });
    expect(status).toBe(200);
    expect(body.result.perPage).toBe(50);
    expect(body.result.start).toBe(0);
  });

  it('a search without a body uses the defaults', async () => {
    const res = await fetch(`${server.baseUrl}/api/catalog/nl/product/_search`, { method: 'POST' });
    expect(res.status).toBe(200);
  });
});

describe('product documents', () => {
  it('a configurable product carries children with sku, attributes, prices and stock', async () => {
    const { body } = await search({ filter: { type_id: 'configurable' }, size: 1 });
    const product = body.result.items[0];
    for (const field of [
      'id',
      'sku',
      'name',
      'url_key',
      'url_path',
      'slug',
      'price',
      'price_incl_tax',
      'final_price_incl_tax',
      'special_price',
      'regular_price',
      'tax_class_id',
      'category_ids',
      'stock',
      'configurable_options',
      'media_gallery',
    ]) {
      expect(product, field).toHaveProperty(field);
    }
    expect(product.configurable_children.length).toBeGreaterThan(0);
    const child = product.configurable_children[0];
    expect(child).toMatchObject({
      sku: expect.any(String),
      id: expect.any(Number),
      stock: { is_in_stock: expect.any(Boolean), qty: expect.any(Number) },
    });
    expect(typeof child.final_price_incl_tax).toBe('number');
    expect(child.color ?? child.size).toBeDefined();
  });

  it('includeFields keeps only the asked paths, one level deep into lists', async () => {
    const { body } = await search({
      filter: { type_id: 'configurable' },
      size: 2,
      includeFields: ['sku', 'configurable_children.sku', 'stock.is_in_stock'],
    });
    for (const item of body.result.items) {
      expect(Object.keys(item).sort()).toEqual(['configurable_children', 'sku', 'stock']);
      expect(Object.keys(item.stock)).toEqual(['is_in_stock']);
      for (const child of item.configurable_children) expect(Object.keys(child)).toEqual(['sku']);
    }
  });

  it('a selection without the page-only parts answers each field as the whole document has it', async () => {
    // The server then leaves the options, size table and description unread (productColumnsFor).
    const fields = ['sku', 'name', 'image', 'color_options', 'size_options', 'final_price_incl_tax', 'stock'];
    const filter = { type_id: 'configurable' };
    const tiles = await search({ filter, size: 3, includeFields: fields });
    const whole = await search({ filter, size: 3 });
    expect(tiles.body.result.items).toEqual(
      whole.body.result.items.map((doc) => Object.fromEntries(fields.map((f) => [f, doc[f]]))),
    );
    const withOptions = await search({ filter, size: 3, includeFields: ['configurable_options', 'description'] });
    expect(withOptions.body.result.items).toEqual(
      whole.body.result.items.map((doc) => ({
        configurable_options: doc.configurable_options,
        description: doc.description,
      })),
    );
    expect(whole.body.result.items[0].configurable_options.length).toBeGreaterThan(0);
  });

  it('excludeFields drops the given paths', async () => {
    const { body } = await search({ size: 2, excludeFields: ['configurable_children', 'description', 'stock.qty'] });
    for (const item of body.result.items) {
      expect(item).not.toHaveProperty('configurable_children');
      expect(item).not.toHaveProperty('description');
      expect(item.stock).not.toHaveProperty('qty');
      expect(item).toHaveProperty('sku');
    }
  });
});

describe('aggregations', () => {
  it('term buckets per filterable attribute (at most 10) and price buckets that add up to the total', async () => {
    const categoryId = await aCategoryWithProducts();
    const { body } = await search({ filter: { category_ids: categoryId }, aggregations: true, size: 1 });
    const { aggregations, total, attributeMetadata } = body.result;
    const price = aggregations.agg_range_price.buckets;
    expect(price.map((b) => b.key)).toEqual(['0.0-50.0', '50.0-100.0', '100.0-150.0', '150.0-*']);
    expect(price.reduce((sum, b) => sum + b.doc_count, 0)).toBe(total);
    expect(aggregations.agg_terms_color.buckets.length).toBeGreaterThan(0);
    for (const [name, agg] of Object.entries(aggregations)) {
      expect(agg.buckets.length, name).toBeLessThanOrEqual(10);
    }
    const colorMeta = attributeMetadata.find((a) => a.attribute_code === 'color');
    expect(colorMeta?.options.length).toBeGreaterThan(0);

    // A bucket's doc_count is the total of the same search filtered on that option.
    const bucket = aggregations.agg_terms_color.buckets[0];
    const narrowed = await search({ filter: { category_ids: categoryId, color: bucket.key }, size: 1 });
    expect(narrowed.body.result.total).toBe(bucket.doc_count);
  });

  it('a facet the search filters on is counted without its own filter; the other facets within the filtered set', async () => {
    const all = await search({ aggregations: true, size: 1 });
    const colours = all.body.result.aggregations.agg_terms_color.buckets;
    expect(colours.length, 'the shop has products of two colours').toBeGreaterThanOrEqual(2);
    const { body } = await search({
      filter: { color: { in: [colours[0].key] } },
      aggregations: true,
      size: 1,
    });
    const { aggregations, total } = body.result;
    expect(total).toBe(colours[0].doc_count);
    // every colour stays a choice, with what it adds: a second one can be ticked
    expect(aggregations.agg_terms_color.buckets).toEqual(colours);
    const price = aggregations.agg_range_price.buckets;
    expect(price.reduce((sum, b) => sum + b.doc_count, 0)).toBe(total);

    // the price facet likewise: filtered on a price range, its buckets are those of the colour's products
    const withPrice = await search({
      filter: { color: { in: [colours[0].key] }, final_price: { gte: 0, lt: 50 } },
      aggregations: ['price', 'color'],
      size: 1,
    });
    expect(withPrice.body.result.aggregations.agg_range_price.buckets).toEqual(price);
  });

  it('a ticked colour reuses the colour counts of the category it was ticked in: one count query, not two', async () => {
    const categoryId = await aCategoryWithProducts();
    const category = { category_ids: { in: [categoryId] } };
    const listing = await search({ filter: category, aggregations: ['color', 'size', 'price'], size: 1 });
    const colours = listing.body.result.aggregations.agg_terms_color.buckets;
    expect(colours.length).toBeGreaterThan(0);
    const queries = vi.spyOn(server.db, 'query');
    try {
      const ticked = await search({
        filter: { ...category, color: { in: [colours[0].key] } },
        aggregations: ['color', 'size', 'price'],
        size: 1,
      });
      expect(ticked.body.result.aggregations.agg_terms_color.buckets).toEqual(colours);
      expect(ticked.body.result.total).toBe(colours[0].doc_count);
      const counts = queries.mock.calls.filter(([sql]) => String(sql).includes('with matched as'));
      // the size and price facets within the colour; the colours are the category's, counted by the listing
      expect(counts).toHaveLength(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('a product written after its facets were counted is counted afresh by the next search, and hidden leaves them', async () => {
    const { rows } = await server.db.query<{
      id: number;
      category: number;
      visibility: number;
      attrs: { size: string[] };
    }>(
      `select id, category_ids[1] as category, visibility, attrs from products
        where visibility in (2, 3, 4) and status in (0, 1) and jsonb_typeof(attrs -> 'size') = 'array'
          and cardinality(category_ids) > 0 order by id limit 1`,
    );
    const [product] = rows;
    // a category and a colour: the counts read product_facets (migration 096), which the products' trigger keeps
    const body = {
      filter: { category_ids: { in: [product.category] }, color: { in: ['facet-test'] } },
      aggregations: ['size'],
      size: 1,
    };
    const before = await search(body);
    expect(before.body.result.aggregations.agg_terms_size.buckets).toEqual([]);
    await server.db.query(`update products set attrs = attrs || '{"color": ["facet-test"]}' where id = $1`, [
      product.id,
    ]);
    try {
      const after = await search(body);
      expect(after.body.result.total).toBe(1);
      const sizes = after.body.result.aggregations.agg_terms_size.buckets;
      expect(sizes.length).toBe(Math.min(10, product.attrs.size.length));
      for (const bucket of sizes) {
        expect(product.attrs.size).toContain(bucket.key);
        expect(bucket.doc_count).toBe(1);
      }
      await server.db.query('update products set visibility = 1 where id = $1', [product.id]);
      const hidden = await search(body);
      expect(hidden.body.result.total).toBe(0);
      expect(hidden.body.result.aggregations.agg_terms_size.buckets).toEqual([]);
    } finally {
      await server.db.query('update products set attrs = $2, visibility = $3 where id = $1', [
        product.id,
        product.attrs,
        product.visibility,
      ]);
    }
  });

  it("a category's own facets are the database's kept counts (migration 097): equal to counting its products, and kept as they change", async () => {
    const categoryId = await aCategoryWithProducts();
    const listing = { filter: { category_ids: { in: [categoryId] } }, aggregations: true, size: 1 } as const;
    const queries = vi.spyOn(server.db, 'query');
    let kept: SearchResult['aggregations'];
    try {
      kept = (await search(listing)).body.result.aggregations;
      const sql = queries.mock.calls.map(([text]) => String(text));
      expect(sql.filter((text) => text.includes('from category_facet_counts'))).toHaveLength(1);
      // only the price buckets are counted from the products (special prices start and end by the day)
      expect(sql.filter((text) => text.includes('jsonb_array_elements_text'))).toEqual([]);
    } finally {
      queries.mockRestore();
    }
    // the same products, counted one by one: a price filter every product passes is not the whole category
    const counted = await search({ ...listing, filter: { ...listing.filter, final_price: { gte: 0 } } });
    expect(counted.body.result.aggregations).toEqual(kept);
    expect(kept.agg_terms_color.buckets.length).toBeGreaterThan(0);

    const { rows } = await server.db.query<{
      id: number;
      attrs: unknown;
      visibility: number;
      status: number;
      price_cents: number;
      category_ids: number[];
    }>(
      `select id, attrs, visibility, status, price_cents, category_ids from products where category_ids @> array[$1::int]
        and visibility in (2, 3, 4) and status in (0, 1) order by id limit 1`,
      [categoryId],
    );
    const [product] = rows;
    const colour = async () =>
      (await search(listing)).body.result.aggregations.agg_terms_color.buckets.find((b) => b.key === 'kept-test');
    try {
      await server.db.query(`update products set attrs = attrs || '{"color": ["kept-test"]}' where id = $1`, [
        product.id,
      ]);
      expect(await colour()).toEqual({ key: 'kept-test', doc_count: 1 });
      await server.db.query('update products set price_cents = price_cents + 100 where id = $1', [product.id]);
      expect(await colour()).toEqual({ key: 'kept-test', doc_count: 1 });
      // a category named twice in the product's list: the product is still one of the category's
      await server.db.query('update products set category_ids = category_ids || $2::int where id = $1', [
        product.id,
        categoryId,
      ]);
      expect(await colour()).toEqual({ key: 'kept-test', doc_count: 1 });
      await server.db.query('update products set status = 2 where id = $1', [product.id]);
      expect(await colour()).toBeUndefined();
      await server.db.query('update products set status = $2 where id = $1', [product.id, product.status]);
      expect(await colour()).toEqual({ key: 'kept-test', doc_count: 1 });
      await server.db.query('update products set visibility = 1 where id = $1', [product.id]);
      expect(await colour()).toBeUndefined();
    } finally {
      await server.db.query(
        `update products set attrs = $2, visibility = $3, status = $4, price_cents = $5, category_ids = $6
          where id = $1`,
        [product.id, product.attrs, product.visibility, product.status, product.price_cents, product.category_ids],
      );
    }
    expect((await search(listing)).body.result.aggregations).toEqual(kept);
  });

  it('the facets of products no listing shows (visibility 1, the children) are counted from the products themselves', async () => {
    const { rows } = await server.db.query<{ category: number }>(
      `select c as category from products, unnest(category_ids) c where visibility = 1 and status in (0, 1)
        group by c order by count(*) desc limit 1`,
    );
    const { body } = await search({
      filter: { visibility: 1, category_ids: { in: [rows[0].category] } },
      aggregations: ['price'],
      size: 1,
    });
    const counted = body.result.aggregations.agg_range_price.buckets.reduce((sum, b) => sum + b.doc_count, 0);
    expect(body.result.total).toBeGreaterThan(0);
    expect(counted).toBe(body.result.total);
  });

  it('asks only for the named aggregations; an unknown code is a 400', async () => {
    const { body } = await search({ aggregations: ['price'], size: 1 });
    expect(Object.keys(body.result.aggregations)).toEqual(['agg_range_price']);
    const bad = await search({ aggregations: ['nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('aggregations');
  });
});

describe('text search (Dutch full text + trigram fuzziness, min_score 0.02)', () => {
  it('finds products by a word of their name, ordered by score', async () => {
    const { rows } = await server.db.query<{ name: string }>(
      "select name from products where visibility = 4 and status = 1 and type_id = 'configurable' order by id limit 1",
    );
    const word = rows[0].name.split(' ').sort((a, b) => b.length - a.length)[0];
    const { status, body } = await search({ text: word, includeFields: ['name', '_score'] });
    expect(status).toBe(200);
    expect(body.result.total).toBeGreaterThan(0);
    expect(body.result.items.some((i) => String(i.name).toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const scores = body.result.items.map((i) => i._score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const s of scores) expect(s).toBeGreaterThanOrEqual(0.02);
  });

  it('tolerates a typo (fuzziness)', async () => {
    const { rows } = await server.db.query<{ name: string }>(
      "select name from products where visibility = 4 and status = 1 and type_id = 'configurable' order by id limit 1",
    );
    const word = rows[0].name.split(' ').sort((a, b) => b.length - a.length)[0];
    const typo = word.slice(0, -2) + word.slice(-1); // drop one letter
    const { body } = await search({ text: typo, includeFields: ['name'] });
    expect(body.result.total).toBeGreaterThan(0);
  });

  it('SQL metacharacters in text are just text', async () => {
    for (const text of ["'; drop table products;--", '%_\\', 'a" OR 1=1 --', '!!! & | :* <->']) {
      const { status, body } = await search({ text });
      expect(status, text).toBe(200);
      expect(Array.isArray(body.result.items)).toBe(true);
    }
    const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from products');
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it('unknown store code and unknown entity type are 404', async () => {
    expect((await search({}, 'product', 'de')).status).toBe(404);
    expect((await search({}, 'banana')).status).toBe(404);
  });

  it('a non-whitelisted filter field that is no attribute is a 400 naming it, and nothing is executed', async () => {
    const { status, body } = await search({ filter: { "name'; drop table products;--": 1 } });
    expect(status).toBe(400);
    expect(body.result).toContain("name'; drop table products;--");
    const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from products');
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('injection attempts in filter values are values', async () => {
    const { status, body } = await search({ filter: { sku: "x' or '1'='1", color: { in: ["49') or true --"] } } });
    expect(status).toBe(200);
    expect(body.result.total).toBe(0);
  });

  it.each([
    [{ filter: { price: { between: 1 } } }, 'filter.price.between'],
    [{ filter: { id: 'abc' } }, 'filter.id'],
    [{ filter: { category_ids: { gt: 3 } } }, 'filter.category_ids.gt'],
    [{ filter: { price: { in: 5 } } }, 'filter.price.in'],
    [{ filter: { created_at: { gte: 'not a date' } } }, 'filter.created_at.gte'],
    [{ filter: 'sku' }, 'body.filter'],
    [{ size: 'many' }, 'body.size'],
    [{ size: 100000 }, 'body.size'],
    [{ sort: 'password:asc' }, 'sort'],
    [{ sort: 'price:sideways' }, 'sort'],
    [{ sort: '_score:desc' }, 'sort'],
    [{ includeFields: 'sku', unknown: 1 }, 'body.unknown'],
    [{ text: 'x'.repeat(500) }, 'body.text'],
  ])('%j → 400 naming %s', async (body, field) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.result).toContain(field);
  });
});

describe('category, attribute and taxrule entities', () => {
  it('categories by parent_id with children_data; root 2 level 2', async () => {
    const { status, body } = await search(
      { filter: { parent_id: 2, is_active: true }, sort: 'position:asc' },
      'category',
    );
    expect(status).toBe(200);
    expect(body.result.total).toBeGreaterThan(0);
    for (const c of body.result.items) {
      expect(c.parent_id).toBe(2);
      expect(c.level).toBe(2);
      expect(Array.isArray(c.children_data)).toBe(true);
      expect(c.children_count).toBe(c.children_data.length);
      for (const field of [
        'id',
        'name',
        'slug',
        'url_path',
        'url_key',
        'path',
        'position',
        'product_count',
        'is_active',
      ]) {
        expect(c, field).toHaveProperty(field);
      }
    }
    const positions = body.result.items.map((c) => c.position as number);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('categories by url_path; size up to 4000 but not beyond', async () => {
    const { rows } = await server.db.query<{ url_path: string }>(
      'select url_path from categories where level = 3 limit 1',
    );
    const { body } = await search({ filter: { url_path: rows[0].url_path } }, 'category');
    expect(body.result.items.map((c) => c.url_path)).toEqual([rows[0].url_path]);
    expect((await search({ size: 4000 }, 'category')).status).toBe(200);
    expect((await search({ size: 4001 }, 'category')).status).toBe(400);
  });

  it('attributes by code with options; size at most 150', async () => {
    const { body } = await search({ filter: { attribute_code: { in: ['color', 'size'] } } }, 'attribute');
    expect(body.result.items.map((a) => a.attribute_code).sort()).toEqual(['color', 'size']);
    expect(body.result.items[0].options.length).toBeGreaterThan(0);
    expect(body.result.items[0].options[0]).toMatchObject({ value: expect.any(String), label: expect.any(String) });
    const filterable = await search({ filter: { is_filterable: true }, size: 150 }, 'attribute');
    for (const a of filterable.body.result.items) expect(a.is_filterable).toBe(true);
    expect((await search({ size: 151 }, 'attribute')).status).toBe(400);
  });

  it('tax rules with rates for both countries', async () => {
    const { body } = await search({}, 'taxrule', 'be');
    expect(body.result.total).toBeGreaterThan(0);
    const countries = body.result.items.flatMap((r) =>
      r.rates.map((rate: { tax_country_id: string }) => rate.tax_country_id),
    );
    expect(countries).toEqual(expect.arrayContaining(['NL', 'BE']));
    const byClass = await search(
      { filter: { product_tax_class_ids: body.result.items[0].product_tax_class_ids[0] } },
      'taxrule',
    );
    expect(byClass.body.result.items.map((r) => r.id)).toContain(body.result.items[0].id);
  });

  it('a product-only field on another entity is a 400', async () => {
    const res = await search({ filter: { sku: 'x' } }, 'category');
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('filter.sku');
  });
});
