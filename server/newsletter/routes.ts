import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Nullable } from '../../contract/schema-helpers.ts';
import { Email } from '../../contract/customer.ts';
import type { Queryable } from '../db/index.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { addSeconds } from '../auth/config.ts';
import { takeLookup, tooMany } from '../auth/login-throttle.ts';
import { countLoginThrottled } from '../metrics/counters.ts';
import { checkEmail } from '../http/form-rules.ts';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import { maskEmail } from '../http/redact.ts';
import { NEWSLETTER, contactIdFor, findSubscription, type Subscription } from './subscriptions.ts';

/** A confirmation link lives a week: long enough for a mail read on the weekend, short enough to go stale. */
export const CONFIRM_TTL_SECONDS = 7 * 24 * 3600;
/** Confirmation mails per address per hour, so the form cannot be used to flood someone's inbox. */
export const CONFIRM_MAILS_PER_HOUR = 3;
const CONFIRM_SUBJECT = 'Bevestig je aanmelding voor de OFM-nieuwsbrief';

/** Shopper-facing answers (Dutch) of the links in the confirmation mail. */
export const NEWSLETTER_MESSAGES = {
  confirmLinkInvalid: 'Deze bevestigingslink is ongeldig of verlopen. Meld je opnieuw aan voor de nieuwsbrief.',
  unsubscribeLinkInvalid: 'Deze afmeldlink is ongeldig.',
} as const;

/** Spec 001 §7 "POST newsletter subscribe" answers `resultCode`; it travels in `result` so the envelope stays one shape. */
export type SubscribeResultCode = 'confirmation_sent' | 'already_subscribed';

const token = Type.String({ minLength: 1, maxLength: 200 });
const subscribeSchema = {
  body: Type.Object({
    email: Email,
    // `token` is the human-check token of spec 001 §7; this shop runs no human-check service (docs/customer-account.md "Newsletter").
    token: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
  }),
};
const linkSchema = { body: Type.Object({ token }) };

function confirmMail(confirmLink: string, unsubscribeLink: string): string {
  return [
    'Hallo,',
    '',
    'Bedankt voor je aanmelding voor de nieuwsbrief van OFM. Bevestig je aanmelding via deze link (een week geldig):',
    confirmLink,
    '',
    'Heb je je niet zelf aangemeld? Dan kun je deze e-mail negeren; zonder bevestiging sturen we je niets.',
    `Afmelden kan altijd: ${unsubscribeLink}`,
    '',
    'Met vriendelijke groet,',
    'OFM',
  ].join('\n');
}

/**
 * The newsletter (spec 001 §4 "Newsletter signup", §5, §7, §8) under /api/ext/shop/newsletter. Double opt-in: a signup
 * is 'pending' and gets a mail in `outbox_emails` with a confirmation link and an unsubscribe link; following the
 * first makes it 'subscribed'. The account's opt-in (POST me `preferences.newsletter`) is the same row.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post('/subscribe', { schema: subscribeSchema }, async (request, reply) => {
    const now = app.now();
    const email = request.body.email.trim();
    // spec 001 §5: the newsletter e-mail is required and valid (the form's rule, 'body.email: Vul een geldig …')
    checkEmail('body.email', email);
    if (!(await takeLookup(app.db, request.ip, now))) {
      countLoginThrottled(reply.request.routeOptions.url ?? 'unmatched');
      throw tooMany(reply, AUTH_MESSAGES.tooManyRequests);
    }
    const outcome = await app.db.transaction(async (tx) => {
      const row = (await findSubscription(tx, { email }, true)) ?? (await insertPending(tx, email, now));
      if (row.status === 'subscribed') return { row, resultCode: 'already_subscribed' as const, mailId: null };
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from outbox_emails
          where lower(to_address) = lower($1) and subject = $2 and created_at > $3`,
        [email, CONFIRM_SUBJECT, addSeconds(now, -3600).toISOString()],
      );
      if (rows[0].n >= CONFIRM_MAILS_PER_HOUR) return { row, resultCode: 'confirmation_sent' as const, mailId: null };
      const confirm = newOpaqueToken();
      const unsubscribe = newOpaqueToken();
      await tx.query(
        `update newsletter_subscriptions set status = 'pending', confirm_token_hash = $2, confirm_expires_at = $3,
                unsubscribe_token_hash = $4 where id = $1`,
        [row.id, hashToken(confirm), addSeconds(now, CONFIRM_TTL_SECONDS).toISOString(), hashToken(unsubscribe)],
      );
      const mail = await tx.query<{ id: number }>(
        'insert into outbox_emails (to_address, subject, body, created_at) values ($1, $2, $3, $4) returning id',
        [
          email,
          CONFIRM_SUBJECT,
          confirmMail(`/nieuwsbrief/bevestigen?token=${confirm}`, `/nieuwsbrief/afmelden?token=${unsubscribe}`),
          now.toISOString(),
        ],
      );
      return { row, resultCode: 'confirmation_sent' as const, mailId: mail.rows[0].id };
    });
    if (outcome.mailId !== null) {
      request.log.info(`newsletter confirmation mail queued for ${maskEmail(email)} (outbox id ${outcome.mailId})`);
    }
    return ok(reply, { contact_id: outcome.row.contact_id, resultCode: outcome.resultCode });
  });

  /** The confirmation link: pending → subscribed. Following it again once confirmed is fine. */
  app.post('/confirm', { schema: linkSchema }, async (request, reply) => {
    const now = app.now().toISOString();
    const { rows } = await app.db.query<{ id: number }>(
      `update newsletter_subscriptions set status = 'subscribed', confirmed_at = coalesce(confirmed_at, $2)
        where confirm_token_hash = $1 and status in ('pending', 'subscribed') and confirm_expires_at > $2
        returning id`,
      [hashToken(request.body.token), now],
    );
    if (!rows[0]) throw badRequest(NEWSLETTER_MESSAGES.confirmLinkInvalid);
    return ok(reply, { status: 'subscribed' });
  });

  /** The unsubscribe link of every newsletter mail; it does not expire. A confirmation link sent earlier dies. */
  app.post('/unsubscribe', { schema: linkSchema }, async (request, reply) => {
    const { rows } = await app.db.query<{ id: number }>(
      `update newsletter_subscriptions set status = 'unsubscribed', confirm_token_hash = null
        where unsubscribe_token_hash = $1 returning id`,
      [hashToken(request.body.token)],
    );
    if (!rows[0]) throw badRequest(NEWSLETTER_MESSAGES.unsubscribeLinkInvalid);
    return ok(reply, { status: 'unsubscribed' });
  });
};

/** A new pending row; a parallel signup of the same address that got there first is read back instead. */
async function insertPending(tx: Queryable, email: string, now: Date): Promise<Subscription> {
  const contactId = await contactIdFor(tx, { email });
  const { rows } = await tx.query<{ id: number }>(
    `insert into newsletter_subscriptions (email, customer_id, subscription_type, contact_id, status, created_at)
     values ($1, (select id from customers where lower(email) = lower($1) limit 1), $2, $3, 'pending', $4)
     on conflict (email, subscription_type) do nothing returning id`,
    [email, NEWSLETTER, contactId, now.toISOString()],
  );
  if (rows[0]) return { id: rows[0].id, email, status: 'pending', contact_id: contactId };
  return (await findSubscription(tx, { email }, true))!;
}

export default routes;
