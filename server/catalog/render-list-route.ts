import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest, ok } from '../http/envelope.ts';
import { toEuros } from '../../domain/money.ts';
import { tokenFromRequest } from '../auth/tokens.ts';
import { catalogCache } from './catalog-cache.ts';
import { resolveCustomerGroup } from './customer-group.ts';
import { priceOf, priceFields } from './product-document.ts';
import { isStoreCode, priceContext } from './store-context.ts';

export const RENDER_LIST_MAX_SKUS = 1000;

const renderListQuery = Type.Object({
  skus: Type.String({ minLength: 1, maxLength: 100_000 }),
  currencyCode: Type.Optional(Type.String({ maxLength: 3 })),
  storeId: Type.Optional(Type.String({ pattern: '^\\d{0,6}$' })),
  userGroupId: Type.Optional(Type.String({ pattern: '^\\d{0,6}$' })),
  token: Type.Optional(Type.String({ maxLength: 500 })),
  storeCode: Type.Optional(Type.String()),
});

/** 'a,b, c' → ['a','b','c'] (unique, in order); more than `max` is a 400 naming the field. */
export function parseSkuList(raw: string, field: string, max: number): string[] {
  const skus = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (skus.length === 0) throw badRequest(`querystring.${field} must list at least one sku`);
  if (skus.length > max) throw badRequest(`querystring.${field} must list at most ${max} skus`);
  return skus;
}

/**
 * Magento's `products-render-info` answer as vue-storefront's render-list reads it: per sku a `price_info` with
 * amounts incl. tax and `extension_attributes.tax_adjustments` with the same amounts excl. tax, plus the flat price
 * fields of the catalogue document. The customer group (token, or userGroupId) brings its tier price (spec 000 §6).
 */
const renderListRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/product/render-list', { schema: { querystring: renderListQuery } }, async (request, reply) => {
    const q = request.query;
    if (q.currencyCode && q.currencyCode !== 'EUR') throw badRequest('querystring.currencyCode must be EUR');
    const skus = parseSkuList(q.skus, 'skus', RENDER_LIST_MAX_SKUS);
    const cache = await catalogCache(app.db);
    const fromId = q.storeId ? cache.storeIds.get(Number(q.storeId)) : undefined;
    const storeCode = isStoreCode(fromId) ? fromId : 'nl';
    const groupId = await resolveCustomerGroup(app.db, {
      token: tokenFromRequest(request),
      groupId: q.userGroupId,
      now: app.now(),
    });
    const ctx = priceContext(storeCode, app.now(), cache, groupId);
    const { rows } = await app.db.query<{
      id: number;
      sku: string;
      name: string;
      type_id: string;
      url_path: string;
      price_cents: number;
      special_price_cents: number | null;
      special_from_date: Date | null;
      special_to_date: Date | null;
      tax_class_id: number;
      tier_cents: number | null;
    }>(
      `select p.id, p.sku, p.name, p.type_id, p.url_path, p.price_cents, p.special_price_cents, p.special_from_date,
                p.special_to_date, p.tax_class_id,
                (select min(t.price_cents) from product_tier_prices t
                  where t.product_id = p.id and t.customer_group_id = $2::int and t.qty <= 1) as tier_cents
           from products p where p.sku = any($1::text[])`,
      [skus, ctx.customerGroupId ?? -1],
    );
    const bySku = new Map(rows.map((r) => [r.sku, r]));
    const items = skus.flatMap((sku) => {
      const row = bySku.get(sku);
      if (!row) return [];
      const { breakdown: b, taxRate } = priceOf(row, ctx, cache.taxRules, row.tier_cents);
      const amounts = (incl: boolean) => {
        const pick = (inclC: number, exclC: number) => toEuros(incl ? inclC : exclC);
        return {
          final_price: pick(b.finalInclCents, b.finalExclCents),
          max_price: pick(b.finalInclCents, b.finalExclCents),
          max_regular_price: pick(b.regularInclCents, b.regularExclCents),
          minimal_regular_price: pick(b.regularInclCents, b.regularExclCents),
          special_price: pick(b.specialInclCents, b.specialExclCents),
          minimal_price: pick(b.finalInclCents, b.finalExclCents),
          regular_price: pick(b.regularInclCents, b.regularExclCents),
        };
      };
      return [
        {
          id: row.id,
          sku: row.sku,
          name: row.name,
          type: row.type_id,
          url: `/${row.url_path}`,
          store_id: cache.storeIds.size ? ([...cache.storeIds].find(([, c]) => c === storeCode)?.[0] ?? null) : null,
          currency_code: 'EUR',
          price_info: {
            ...amounts(true),
            extension_attributes: { tax_adjustments: { ...amounts(false), weee_adjustment: '0' } },
          },
          ...priceFields(b, taxRate),
          tier_price_applied: row.tier_cents !== null && b.finalInclCents === row.tier_cents,
        },
      ];
    });
    return ok(reply, { items });
  });
};
export default renderListRoute;
