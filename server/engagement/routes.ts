import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTACT_FIELD_NAME,
  ContactIdParam,
  ContactIdQuery,
  ContactUpdateBody,
  type ContactAttributeValue,
  type ContactOverview,
} from '../../contract/engagement.ts';
import { favbrandNames } from '../../domain/account/favourite-brands.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { customerAreaAnswers, customerSession, requireCustomer } from '../auth/customer-session.ts';

const CONTACT_NOT_FOUND = 'Contact niet gevonden';

/** The contact with this id when it is the customer's own (its custom key is the customer's external_id), else null. */
async function ownContact(db: Queryable, contactId: string, customerId: number): Promise<ContactOverview | null> {
  const { rows } = await db.query<{ contact_id: string; attributes: ContactOverview['attributes'] }>(
    `select e.contact_id, e.attributes from engagement_contacts e join customers c on c.external_id = e.custom_key
      where e.contact_id = $1 and c.id = $2`,
    [contactId, customerId],
  );
  return rows[0] ?? null;
}

/** The customer's contact id; a customer the platform has not seen yet gets a contact, as the platform would. */
async function contactIdOf(db: Queryable, externalId: string): Promise<string> {
  await db.query(
    `insert into engagement_contacts (contact_id, custom_key) values ($1, $2) on conflict (custom_key) do nothing`,
    [`ctc_${randomBytes(8).toString('hex')}`, externalId],
  );
  const { rows } = await db.query<{ contact_id: string }>(
    'select contact_id from engagement_contacts where custom_key = $1',
    [externalId],
  );
  return rows[0].contact_id;
}

/**
 * Field names in snake case; favstore must name a store of the store locator and favbrand brands of the catalogue.
 * Anything else is a 400 naming the field.
 */
async function checkFields(db: Queryable, patch: Record<string, ContactAttributeValue>): Promise<void> {
  const badName = Object.keys(patch).find((name) => !CONTACT_FIELD_NAME.test(name));
  if (badName !== undefined) throw badRequest(`body.${badName.slice(0, 40)}: geen geldige veldnaam`);
  const { favstore, favbrand } = patch;
  if (favstore !== undefined && favstore !== null) {
    const { rows } = await db.query('select 1 from store_locations where slug = $1', [String(favstore)]);
    if (!rows[0]) throw badRequest(`body.favstore: onbekende winkel ${String(favstore)}`);
  }
  if (favbrand !== undefined && favbrand !== null) {
    const names = favbrandNames(String(favbrand));
    const { rows } = await db.query<{ label: string }>(
      `select o.label from attribute_options o join attributes a on a.attribute_id = o.attribute_id
        where a.attribute_code = 'brand' and o.label = any($1::text[])`,
      [names],
    );
    const known = new Set(rows.map((r) => r.label));
    const unknown = names.find((name) => !known.has(name));
    if (unknown !== undefined) throw badRequest(`body.favbrand: onbekend merk ${unknown}`);
  }
}

/**
 * The engagement platform's contact calls (spec 001 §7; docs/architecture.md: external services are served from this server's
 * tables), registered by the users area under /api/ext/shop/user so the token check, `session_expires` and no-store
 * apply. The token decides whose contact it is: another customer's custom key or contact id is the same 404 as one
 * that does not exist, and is never read or changed.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  customerAreaAnswers(app);
  const auth = requireCustomer(app);

  app.get(
    '/engagement/contact-id',
    { schema: { querystring: ContactIdQuery }, preHandler: auth },
    async (request, reply) => {
      const { customerId } = customerSession(request);
      const { rows } = await app.db.query<{ external_id: string }>('select external_id from customers where id = $1', [
        customerId,
      ]);
      if (rows[0]?.external_id !== request.query.customKey) throw notFound(CONTACT_NOT_FOUND);
      return ok(reply, await contactIdOf(app.db, rows[0].external_id));
    },
  );

  app.get(
    '/engagement/contact/overview',
    { schema: { querystring: ContactIdParam }, preHandler: auth },
    async (request, reply) => {
      const contact = await ownContact(app.db, request.query.contactId, customerSession(request).customerId);
      if (!contact) throw notFound(CONTACT_NOT_FOUND);
      return ok(reply, contact);
    },
  );

  app.patch(
    '/engagement/contact/:contactId',
    { schema: { params: ContactIdParam, body: ContactUpdateBody }, preHandler: auth },
    async (request, reply) => {
      const { customerId } = customerSession(request);
      if (!(await ownContact(app.db, request.params.contactId, customerId))) throw notFound(CONTACT_NOT_FOUND);
      await checkFields(app.db, request.body);
      // a field set to null is removed (jsonb_strip_nulls), every other one replaced or added
      const { rows } = await app.db.query<ContactOverview>(
        `update engagement_contacts set attributes = jsonb_strip_nulls(attributes || $2::jsonb)
          where contact_id = $1 returning contact_id, attributes`,
        [request.params.contactId, JSON.stringify(request.body)],
      );
      return ok(reply, rows[0]);
    },
  );
};

export default routes;
