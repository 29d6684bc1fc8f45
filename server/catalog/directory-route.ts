import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { ok } from '../http/envelope.ts';
import { requireStoreCode } from './store-context.ts';

/** Store code from the `x-store-code` header (spec 001 §7) or `?storeCode=`; default nl; unknown → 404. */
function storeOf(query: StoreQuery, headers: FastifyRequest['headers']): string {
  const header = headers['x-store-code'];
  return requireStoreCode(query.storeCode ?? (typeof header === 'string' ? header : undefined) ?? 'nl');
}

const storeQuery = Type.Object({ storeCode: Type.Optional(Type.String({ maxLength: 10 })) });
type StoreQuery = Static<typeof storeQuery>;

/**
 * Magento's directory answers: countries with regions, and the store's currency information. Each country also says
 * whether an active shipping method delivers there (`shipping_available`, the shop's addition): the checkout offers
 * only those, the address book every country (docs/checkout-and-orders.md "Countries").
 */
const directoryRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/directory/countries', { schema: { querystring: storeQuery } }, async (request, reply) => {
    const store = storeOf(request.query, request.headers);
    const { rows } = await app.db.query<{
      id: string;
      full_name_locale: string;
      full_name_english: string;
      available_regions: unknown;
      shipping_available: boolean;
    }>(
      `select c.id, c.full_name_locale, c.full_name_english, c.available_regions,
              exists (select 1 from shipping_methods m where m.is_active and c.id = any (m.countries)) as shipping_available
         from countries c
        order by (c.id = (select default_country from store_views where code = $1)) desc, c.full_name_locale`,
      [store],
    );
    return ok(
      reply,
      rows.map((c) => ({
        id: c.id,
        two_letter_abbreviation: c.id,
        full_name_locale: c.full_name_locale,
        full_name_english: c.full_name_english,
        ...(c.available_regions ? { available_regions: c.available_regions } : {}),
        shipping_available: c.shipping_available,
      })),
    );
  });

  app.get('/directory/currencies', { schema: { querystring: storeQuery } }, async (request, reply) => {
    const store = storeOf(request.query, request.headers);
    const [view, currencies] = await Promise.all([
      app.db.query<{ currency: string }>('select currency from store_views where code = $1', [store]),
      app.db.query<{ code: string; symbol: string; name: string }>(
        'select code, symbol, name from currencies order by code',
      ),
    ]);
    const base = view.rows[0]?.currency ?? 'EUR';
    const symbol = currencies.rows.find((c) => c.code === base)?.symbol ?? '€';
    return ok(reply, {
      base_currency_code: base,
      base_currency_symbol: symbol,
      default_display_currency_code: base,
      default_display_currency_symbol: symbol,
      available_currency_codes: currencies.rows.map((c) => c.code),
      exchange_rates: currencies.rows.map((c) => ({ currency_to: c.code, rate: c.code === base ? 1 : null })),
    });
  });
};
export default directoryRoute;
