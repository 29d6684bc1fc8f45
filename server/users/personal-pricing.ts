import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Queryable } from '../db/index.ts';
import { priceInput, type ShopPriceColumns } from '../catalog/product-fields.ts';
import { notFound, ok } from '../http/envelope.ts';
import { toEuros } from '../../domain/money.ts';
import { computePrice } from '../../domain/price.ts';
import { customerSession, requireCustomer } from '../auth/customer-session.ts';
import { MESSAGES } from './messages.ts';
import { personalPriceCheckSchema, validateQuoteSchema } from './schemas.ts';

/** A product's price columns (spec 000 §5) with the customer's personal price, if there is one. */
type PricedRow = Omit<ShopPriceColumns, 'tax_class_id'> & { sku: string; name: string; personal_cents: number | null };

/** The shop price today (special price inside its window, spec 000 §5); prices are incl. tax so the rate is moot. */
function shopPriceCents(row: PricedRow, now: Date): number {
  return computePrice(priceInput(row, 0), now).finalInclCents;
}

/** A personal price counts only when it is below today's shop price: a customer never pays more for being known. */
function personalPrice(row: PricedRow, now: Date) {
  const shop = shopPriceCents(row, now);
  const personal = row.personal_cents !== null && row.personal_cents < shop;
  return { shop, final: personal ? row.personal_cents! : shop, personal };
}

async function pricedProducts(
  db: Queryable,
  customerId: number,
  where: string,
  params: unknown[],
): Promise<PricedRow[]> {
  const { rows } = await db.query<PricedRow>(
    `select p.sku, p.name, p.price_cents, p.special_price_cents, p.special_from_date, p.special_to_date,
            pp.price_cents as personal_cents
       from products p left join personal_prices pp on pp.sku = p.sku and pp.customer_id = $1
      where ${where}`,
    [customerId, ...params],
  );
  return rows;
}

/** Personal pricing for logged-in clients (spec 000 §6, §7 personal-pricing/*). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = requireCustomer(app);

  app.post(
    '/personal-pricing/check',
    { schema: personalPriceCheckSchema, preHandler: auth },
    async (request, reply) => {
      const { customerId } = customerSession(request);
      const [row] = await pricedProducts(app.db, customerId, 'p.sku = $2', [request.body.sku]);
      if (!row) throw notFound(MESSAGES.productNotFound);
      const price = personalPrice(row, app.now());
      return ok(reply, {
        sku: row.sku,
        price: toEuros(price.final),
        regular_price: toEuros(price.shop),
        personal: price.personal,
      });
    },
  );

  /** `ppr_coupon_result`: one JSON string per personal price of the client (spec 000 §7: "a list of JSON strings"). */
  app.get('/personal-pricing/client', { preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const now = app.now();
    const rows = await pricedProducts(app.db, customerId, 'pp.customer_id is not null order by p.sku', []);
    const results = rows
      .map((row) => ({ row, price: personalPrice(row, now) }))
      .filter(({ price }) => price.personal)
      .map(({ row, price }) =>
        JSON.stringify({
          sku: row.sku,
          name: row.name,
          personal_price: toEuros(price.final),
          regular_price: toEuros(price.shop),
        }),
      );
    return ok(reply, { ppr_coupon_result: results });
  });

  /** Checks that the cart is the customer's (else 404) and lists the personal-price adjustments of its items. */
  app.post(
    '/personal-pricing/validate-quote',
    { schema: validateQuoteSchema, preHandler: auth },
    async (request, reply) => {
      const { customerId } = customerSession(request);
      const now = app.now();
      const cart = await app.db.query<{ id: number; cart_id: string }>(
        'select id, cart_id from carts where cart_id = $1 and customer_id = $2',
        [request.body.cart_id, customerId],
      );
      if (!cart.rows[0]) throw notFound(MESSAGES.cartNotFound);
      const items = await app.db.query<{ item_id: number; sku: string; qty: number; price_cents: number }>(
        'select item_id, sku, qty, price_cents from cart_items where cart_id = $1 order by item_id',
        [cart.rows[0].id],
      );
      const skus = [...new Set(items.rows.map((i) => i.sku))];
      const priced = skus.length ? await pricedProducts(app.db, customerId, 'p.sku = any($2::text[])', [skus]) : [];
      const bySku = new Map(priced.map((p) => [p.sku, personalPrice(p, now)]));
      const adjustments = items.rows
        .filter((item) => bySku.get(item.sku)?.personal)
        .map((item) => {
          const price = bySku.get(item.sku)!;
          return {
            item_id: item.item_id,
            sku: item.sku,
            qty: item.qty,
            cart_price: toEuros(item.price_cents),
            personal_price: toEuros(price.final),
            discount: toEuros((item.price_cents - price.final) * item.qty),
          };
        });
      return ok(reply, { cart_id: cart.rows[0].cart_id, valid: true, adjustments });
    },
  );
};

export default routes;
