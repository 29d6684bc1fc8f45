import { describe, expect, it } from 'vitest';
import type { ProductReviews, TexTracer } from '../../../contract/product-reviews.ts';
import { api, type TestServer } from '../../support/test-server.ts';
import { useTestServer } from '../../support/server-suite.ts';

let server: TestServer;
useTestServer({ products: 40 }, (started) => {
  server = started;
});

const get = <T>(path: string) => api<T | string>(server, 'GET', path);

/** The parent with the most reviews, and its count and average as the table holds them. */
async function mostReviewed() {
  const { rows } = await server.db.query<{ sku: string; n: number; average: string }>(
    `select p.sku, count(*)::int as n, round(avg(r.rating), 1)::text as average
       from product_reviews r join products p on p.id = r.product_id
      group by p.sku order by n desc, p.sku limit 1`,
  );
  return rows[0]!;
}

describe('GET /api/catalog/products/{sku}/reviews (spec 001 §1 product reviews)', () => {
  it('answers the average, the count and the newest reviews first, in Dutch, one page at a time', async () => {
    const seeded = await mostReviewed();
    expect(seeded.n).toBeGreaterThan(2);
    const first = await get<ProductReviews>(`/api/catalog/products/${encodeURIComponent(seeded.sku)}/reviews?size=2`);
    expect(first.status).toBe(200);
    const page = first.body.result as ProductReviews;
    expect(page).toMatchObject({ sku: seeded.sku, count: seeded.n, average_rating: Number(seeded.average) });
    expect(page.items).toHaveLength(2);
    const [a, b] = page.items;
    expect(a!.date >= b!.date).toBe(true);
    for (const r of page.items) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.author).toMatch(/^\S/);
      expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.text.length).toBeGreaterThan(10);
    }
    const rest = (await get<ProductReviews>(`/api/catalog/products/${seeded.sku}/reviews?offset=2&size=50`)).body
      .result as ProductReviews;
    expect(rest.items).toHaveLength(seeded.n - 2);
    expect(rest.items.map((r) => r.id)).not.toContain(a!.id);
  });

  it('a size of a configurable answers its parent’s reviews; a product without reviews answers none', async () => {
    const seeded = await mostReviewed();
    const child = await server.db.query<{ sku: string }>(
      `select c.sku from products c join products p on p.id = c.parent_id where p.sku = $1 limit 1`,
      [seeded.sku],
    );
    if (child.rows[0]) {
      const res = await get<ProductReviews>(`/api/catalog/products/${child.rows[0].sku}/reviews`);
      expect((res.body.result as ProductReviews).sku).toBe(seeded.sku);
      expect((res.body.result as ProductReviews).count).toBe(seeded.n);
    }
    const none = await server.db.query<{ sku: string }>(
      `select sku from products p where parent_id is null
          and not exists (select 1 from product_reviews r where r.product_id = p.id) limit 1`,
    );
    const res = await get<ProductReviews>(`/api/catalog/products/${none.rows[0]!.sku}/reviews`);
    expect(res.body.result).toMatchObject({ count: 0, average_rating: null, items: [] });
  });

  it('a bad page is a 400 naming the field; an unknown sku a 404', async () => {
    const { sku } = await mostReviewed();
    for (const [query, field] of [
      ['size=0', 'querystring.size'],
      ['size=51', 'querystring.size'],
      ['size=abc', 'querystring.size'],
      ['offset=-1', 'querystring.offset'],
      ['offset=10001', 'querystring.offset'],
    ]) {
      const res = await get(`/api/catalog/products/${sku}/reviews?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.result, query).toContain(field);
    }
    // Fastify's router refuses a path segment over 100 characters (414) before the schema would
    expect((await get(`/api/catalog/products/${'X'.repeat(101)}/reviews`)).status).toBe(414);
    expect((await get('/api/catalog/products/NOPE-123/reviews')).status).toBe(404);
  });
});

describe('GET /api/catalog/products/{sku}/tex-tracer (spec 001 §2 tex tracer)', () => {
  it('answers the steps in order with country, city and company', async () => {
    const { rows } = await server.db.query<{ sku: string; step: string; country: string; city: string }>(
      `select p.sku, s.step, s.country, s.city from product_journey_steps s join products p on p.id = s.product_id
        where s.position = 0 order by p.sku limit 1`,
    );
    const seeded = rows[0]!;
    const res = await get<TexTracer>(`/api/catalog/products/${seeded.sku}/tex-tracer`);
    expect(res.status).toBe(200);
    const tracer = res.body.result as TexTracer;
    expect(tracer.sku).toBe(seeded.sku);
    expect(tracer.steps.length).toBeGreaterThanOrEqual(3);
    expect(tracer.steps[0]).toMatchObject({ step: seeded.step, country: seeded.country, city: seeded.city });
    expect(tracer.steps.at(-1)!.company).toMatch(/\S/);
    expect((await get('/api/catalog/products/NOPE-123/tex-tracer')).status).toBe(404);
  });

  it("names each maker's country by its code, in Dutch", async () => {
    const { rows } = await server.db.query<{ country_id: string; names: string[] }>(
      `select country_id, array_agg(distinct country) as names from product_journey_steps group by country_id`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.names, row.country_id).toHaveLength(1);
    expect(rows.find((r) => r.country_id === 'IT')?.names).toEqual(['Italië']);
  });
});
