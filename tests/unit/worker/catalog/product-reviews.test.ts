import { describe, expect, it, vi } from 'vitest';
import { CatalogService } from '../../../../worker/catalog/index.ts';
import { NetworkError } from '../../../../worker/http/errors.ts';
import { contextSuite } from '../support/test-db.ts';

// The real server on a shared 2-core machine: the first calls can take seconds.
vi.setConfig({ testTimeout: 30_000 });

const suite = contextSuite(20);

async function open(clock = () => Date.now()) {
  const ctx = await suite.open({ now: clock });
  return { ctx, catalog: new CatalogService(ctx) };
}

const one = async <T>(sql: string): Promise<T> => (await suite.server().db.query<T>(sql)).rows[0]!;

/** The parent with the most reviews (more than one page of 10 when the seed has one) and its count. */
const mostReviewed = () =>
  one<{ sku: string; n: number }>(
    `select p.sku, count(*)::int as n from product_reviews r join products p on p.id = r.product_id
      group by p.sku order by n desc, p.sku limit 1`,
  );

describe('product reviews and tex tracer through the worker (kept for an offline revisit)', () => {
  it('online: the average, the count and a page of reviews; the next page follows on', async () => {
    const { catalog } = await open();
    const { sku, n } = await mostReviewed();
    const first = await catalog.productReviews(sku);
    expect(first).toMatchObject({ count: n, offset: 0, offline: false });
    expect(first.average).toBeGreaterThanOrEqual(1);
    expect(first.reviews.length).toBe(Math.min(n, 10));
    expect(first.hasMore).toBe(n > 10);
    if (first.hasMore) {
      const next = await catalog.productReviews(sku, first.reviews.length);
      expect(next.reviews.length).toBe(n - 10);
      expect(next.hasMore).toBe(false);
    }
  });

  it('offline: the reviews and the journey seen online are shown, marked offline; unseen ones reject', async () => {
    const { ctx, catalog } = await open();
    const { sku } = await mostReviewed();
    const reviews = await catalog.productReviews(sku);
    const tracer = await catalog.texTracer(sku);
    expect(tracer.steps.length).toBeGreaterThanOrEqual(3);
    ctx.online.next(false);
    expect(await catalog.productReviews(sku)).toEqual({ ...reviews, offline: true });
    expect(await catalog.texTracer(sku)).toEqual({ ...tracer, offline: true });
    const other = await one<{ sku: string }>(`select sku from products where parent_id is null and sku <> '${sku}'`);
    await expect(catalog.productReviews(other.sku)).rejects.toBeInstanceOf(NetworkError);
    await expect(catalog.texTracer(other.sku)).rejects.toBeInstanceOf(NetworkError);
  });

  it('an unknown product is the server’s 404, not an empty list', async () => {
    const { catalog } = await open();
    await expect(catalog.productReviews('NOPE-123')).rejects.toMatchObject({ name: 'ApiError', code: 404 });
  });
});
