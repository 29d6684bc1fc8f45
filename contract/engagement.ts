import { Type, type Static } from 'typebox';

/**
 * Engagement-platform wire shapes (spec 001 §7 "GET engagement contact id | customKey query; result is the contact
 * id", "GET contact overview | contactId; reads attributes favstore and favbrand", "PATCH contact update by
 * {contactId} | body arbitrary profile fields"), under the user path with the customer token.
 */

export const ContactIdQuery = Type.Object({ customKey: Type.String({ minLength: 1, maxLength: 64 }) });
export type ContactIdQuery = Static<typeof ContactIdQuery>;

export const ContactIdParam = Type.Object({ contactId: Type.String({ minLength: 1, maxLength: 64 }) });
export type ContactIdParam = Static<typeof ContactIdParam>;

/** One profile field's value: text (at most 200 characters), a number, a yes/no, or null to remove the field. */
export type ContactAttributeValue = string | number | boolean | null;

/**
 * The PATCH body: "arbitrary profile fields", bounded so a contact stays a profile — at most 30 fields named in
 * lower-case snake case (CONTACT_FIELD_NAME). `favstore` is a store's slug (GET /api/stores), `favbrand` brand names separated by ", ".
 */
export const ContactUpdateBody = Type.Unsafe<Record<string, ContactAttributeValue>>({
  type: 'object',
  minProperties: 1,
  maxProperties: 30,
  // one list of types, not anyOf: ajv then keeps a value of any of them as it is instead of coercing it to the first
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 200 },
});

/** A field name the PATCH accepts (checked by the server so the 400 can name the field). */
export const CONTACT_FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;
export type ContactUpdateBody = Static<typeof ContactUpdateBody>;

/** The contact overview: its id and every attribute it has (favstore and favbrand among them). */
export const ContactOverview = Type.Object({
  contact_id: Type.String(),
  attributes: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
});
export type ContactOverview = Static<typeof ContactOverview>;
