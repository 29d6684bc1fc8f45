import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { StoreLocation } from '../../contract/store.ts';
import { distanceMetres } from '../delivery/postcode-coordinates.ts';
import type { Queryable } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';
import { searchOrigin } from './store-search.ts';

const COLUMNS = `id, slug, name, street, house_number, postcode, city, country_id, phone, email, lat, lng, opening_hours, services`;

/** The shop's stores, of one country or all (Belgian first, then by city), as `GET /api/stores` lists them. */
export async function storeLocations(db: Queryable, country: string | null = null): Promise<StoreLocation[]> {
  const { rows } = await db.query<StoreLocation>(
    `select ${COLUMNS} from store_locations where $1::text is null or country_id = $1 order by country_id desc, city, name`,
    [country],
  );
  return rows;
}

/**
 * Store locator (spec 001 §2, §3, §7): the shop's physical stores in NL and BE, a list and one store by slug. With
 * `q` (a postcode or a city) every store gets its distance from that place and the list is nearest first; a place
 * the shop cannot locate answers an empty list (the page says "Could not find the closest store.").
 */
const storesQuery = Type.Object({
  country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
});

const storeParams = Type.Object({ slug: Type.Optional(Type.String({ maxLength: 200 })) });

const storeLocatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/stores', { schema: { querystring: storesQuery } }, async (request, reply) => {
    const country = request.query.country?.toUpperCase() ?? null;
    const rows = await storeLocations(app.db, country);
    if (request.query.q === undefined) return ok(reply, rows);
    const origin = await searchOrigin(app.db, request.query.q);
    if (!origin) return ok(reply, []);
    return ok(
      reply,
      rows
        .map((store) => ({ ...store, distance: distanceMetres(origin, [store.lat, store.lng]) }))
        .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name)),
    );
  });

  app.get('/stores/:slug', { schema: { params: storeParams } }, async (request, reply) => {
    const slug = request.params.slug ?? '';
    const { rows } = await app.db.query(`select ${COLUMNS} from store_locations where slug = $1`, [slug]);
    if (!rows[0]) throw notFound(`Store '${slug.slice(0, 60)}' not found`);
    return ok(reply, rows[0]);
  });
};
export default storeLocatorRoutes;
