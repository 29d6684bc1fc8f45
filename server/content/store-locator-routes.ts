import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';

const COLUMNS = `id, slug, name, street, house_number, postcode, city, country_id, phone, email, lat, lng, opening_hours, services`;

/** The shop's stores, of one country or all (Belgian first, then by city), as `GET /api/stores` lists them. */
export async function storeLocations(db: Queryable, country: string | null = null): Promise<unknown[]> {
  const { rows } = await db.query(
    `select ${COLUMNS} from store_locations where $1::text is null or country_id = $1 order by country_id desc, city, name`,
    [country],
  );
  return rows;
}

/** Store locator (spec 001 §3/§7): the shop's physical stores in NL and BE, a list and one store by slug. */
const storeLocatorRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { country?: string } }>(
    '/stores',
    {
      schema: {
        querystring: { type: 'object', properties: { country: { type: 'string', pattern: '^[A-Za-z]{2}$' } } },
      },
    },
    async (request, reply) => {
      const country = request.query.country?.toUpperCase() ?? null;
      return ok(reply, await storeLocations(app.db, country));
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/stores/:slug',
    { schema: { params: { type: 'object', properties: { slug: { type: 'string', maxLength: 200 } } } } },
    async (request, reply) => {
      const { rows } = await app.db.query(`select ${COLUMNS} from store_locations where slug = $1`, [
        request.params.slug,
      ]);
      if (!rows[0]) throw notFound(`Store '${request.params.slug.slice(0, 60)}' not found`);
      return ok(reply, rows[0]);
    },
  );
};
export default storeLocatorRoutes;
