import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ProductReviewsParams,
  ProductReviewsQuery,
  REVIEWS_PAGE_DEFAULT,
  type ProductReview,
  type ProductReviews,
  type TexTracer,
  type TexTracerStep,
} from '../../contract/product-reviews.ts';
import type { Queryable } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';

/**
 * The product a sku shows on its page: a configurable child's reviews and journey are its parent's (a size is the
 * same garment). Null for an sku the catalogue does not know.
 */
async function shownProduct(db: Queryable, sku: string): Promise<{ id: number; sku: string } | null> {
  const { rows } = await db.query<{ id: number; sku: string }>(
    `select coalesce(parent.id, p.id) as id, coalesce(parent.sku, p.sku) as sku
       from products p left join products parent on parent.id = p.parent_id
      where p.sku = $1`,
    [sku],
  );
  return rows[0] ?? null;
}

/** One page of the reviews a sku's page shows, with their average and count; null for an unknown sku. */
export async function productReviews(db: Queryable, sku: string, offset: number, size: number) {
  const product = await shownProduct(db, sku);
  if (!product) return null;
  const [summary, page] = await Promise.all([
    db.query<{ count: number; average: string | null }>(
      `select count(*)::int as count, round(avg(rating), 1)::text as average
         from product_reviews where product_id = $1`,
      [product.id],
    ),
    db.query<ProductReview>(
      `select id, rating::int as rating, author, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date,
              title, body as text
         from product_reviews where product_id = $1
        order by created_at desc, id desc offset $2 limit $3`,
      [product.id, offset, size],
    ),
  ]);
  const { count, average } = summary.rows[0]!;
  const answer: ProductReviews = {
    sku: product.sku,
    average_rating: average === null ? null : Number(average),
    count,
    offset,
    size,
    items: page.rows,
  };
  return answer;
}

async function texTracer(db: Queryable, sku: string): Promise<TexTracer | null> {
  const product = await shownProduct(db, sku);
  if (!product) return null;
  const { rows } = await db.query<TexTracerStep>(
    `select step, country_id, country, city, company from product_journey_steps
      where product_id = $1 order by position`,
    [product.id],
  );
  return { sku: product.sku, steps: rows };
}

/**
 * Product reviews and the product journey (spec 001 §1 "product reviews and a product-journey view", named in texts
 * only, so no call of the spec carries them: the routes are the shop's own, docs/api.md). An unknown sku is a 404; a
 * bad page a 400 naming the field (`querystring.size`, `querystring.offset`).
 */
const productReviewsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/catalog/products/:sku/reviews',
    { schema: { params: ProductReviewsParams, querystring: ProductReviewsQuery } },
    async (request, reply) => {
      const { offset = 0, size = REVIEWS_PAGE_DEFAULT } = request.query;
      const answer = await productReviews(app.db, request.params.sku, offset, size);
      if (!answer) throw notFound(`Unknown sku '${request.params.sku}'`);
      return ok(reply, answer);
    },
  );

  app.get('/catalog/products/:sku/tex-tracer', { schema: { params: ProductReviewsParams } }, async (request, reply) => {
    const answer = await texTracer(app.db, request.params.sku);
    if (!answer) throw notFound(`Unknown sku '${request.params.sku}'`);
    return ok(reply, answer);
  });
};
export default productReviewsRoute;
