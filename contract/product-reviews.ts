import { Type, type Static } from 'typebox';
import { StringEnum } from './schema-helpers.ts';

/** Reviews per request: 10 unless asked, at most 50 (`GET /api/catalog/products/{sku}/reviews`). */
export const REVIEWS_PAGE_DEFAULT = 10;
export const REVIEWS_PAGE_MAX = 50;
/** The furthest offset a page may start at: a product never has that many reviews, a crawler's offset is refused. */
export const REVIEWS_OFFSET_MAX = 10_000;

/** The sku in the path (the product or one of its sizes) and the page asked for. */
export const ProductReviewsParams = Type.Object({ sku: Type.String({ minLength: 1, maxLength: 100 }) });
export const ProductReviewsQuery = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: REVIEWS_PAGE_MAX })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: REVIEWS_OFFSET_MAX })),
});
export type ProductReviewsQuery = Static<typeof ProductReviewsQuery>;

/** One review as the shopper wrote it: 1 to 5 stars, their first name, the day (ISO date) and Dutch text. */
export const ProductReview = Type.Object({
  id: Type.Integer(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  author: Type.String(),
  date: Type.String(),
  title: Type.String(),
  text: Type.String(),
});
export type ProductReview = Static<typeof ProductReview>;

/**
 * A product's reviews (spec 001 §1 "product reviews", named in texts only): the average of all its ratings (out of 5,
 * one decimal; null without reviews), their number, and one page of them, newest first.
 */
export const ProductReviews = Type.Object({
  sku: Type.String(),
  average_rating: Type.Union([Type.Number(), Type.Null()]),
  count: Type.Integer(),
  offset: Type.Integer(),
  size: Type.Integer(),
  items: Type.Array(ProductReview),
});
export type ProductReviews = Static<typeof ProductReviews>;

/** The steps a garment's journey can have, in the order they happen; the app names each in Dutch. */
export const JOURNEY_STEPS = [
  'fibre',
  'spinning',
  'weaving',
  'knitting',
  'tanning',
  'dyeing',
  'confection',
  'finishing',
] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

/** One step of the product journey: what was done, where (country code, Dutch country name, city) and by whom. */
export const TexTracerStep = Type.Object({
  step: StringEnum(JOURNEY_STEPS),
  country_id: Type.String(),
  country: Type.String(),
  city: Type.String(),
  company: Type.String(),
});
export type TexTracerStep = Static<typeof TexTracerStep>;

/**
 * Where a product was made (spec 001 §2 "tex tracer" modal, §1 "product-journey view"): its steps in order; empty
 * when the maker has not shared them (`GET /api/catalog/products/{sku}/tex-tracer`).
 */
export const TexTracer = Type.Object({ sku: Type.String(), steps: Type.Array(TexTracerStep) });
export type TexTracer = Static<typeof TexTracer>;
