import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CreateDonationBody, type CreatedDonation, type DonationRecord } from '../../contract/donation.ts';
import { isValidDonationAmount } from '../../domain/donation.ts';
import { VALIDATION_MESSAGES, VALIDATION_TEXTS_NL } from '../../domain/validation/messages.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { checkEmail, checkName } from '../http/form-rules.ts';
import { DONATION_PAGE_PATH, donationPayments, findDonation, paymentPagePath } from './donation-payments.ts';

/** Shopper-facing answers (Dutch) that no form rule of spec 001 §5 covers. */
export const DONATION_MESSAGES = {
  unknownCause: 'Voor deze actie kan niet (meer) worden gedoneerd.',
  notFound: 'Deze donatie bestaat niet.',
} as const;

const hashKeyParams = Type.Object({ hashKey: Type.String({ minLength: 1, maxLength: 100 }) });

/**
 * Donations (spec 001 §3, §7) under /api/ext/shop/donation: the payment methods, `create_donation` answering the
 * payment page as `redirect_url` (the browser goes there), and a donation read back by its hash key. A donation is
 * anonymous like a guest order: the hash key in the status page's address is the donor's only credential.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/payment_methods', async (_request, reply) => {
    const { rows } = await app.db.query<{ code: string; title: string }>(
      'select code, title from donation_payment_methods where is_active order by position, code',
    );
    return ok(reply, rows);
  });

  app.post('/create_donation', { schema: { body: CreateDonationBody } }, async (request, reply) => {
    const { donation } = request.body;
    const field = (name: string) => `body.donation.${name}`;
    if (isValidDonationAmount(donation.amount_cents)) {
      throw badRequest(`${field('amount_cents')}: ${VALIDATION_TEXTS_NL[VALIDATION_MESSAGES.donationAmount]}`);
    }
    checkName(field('name'), donation.name);
    checkEmail(field('email'), donation.email);
    const cause = await app.db.query(
      `select 1 from cms_stories where full_slug = $1 and published->'body' @> '[{"component": "donation"}]'`,
      [`${DONATION_PAGE_PATH}${donation.cause_slug}`],
    );
    if (!cause.rows[0]) throw badRequest(`${field('cause_slug')}: ${DONATION_MESSAGES.unknownCause}`);
    const method = await app.db.query('select 1 from donation_payment_methods where code = $1 and is_active', [
      donation.payment_method,
    ]);
    if (!method.rows[0]) {
      throw badRequest(`${field('payment_method')}: ${VALIDATION_TEXTS_NL[VALIDATION_MESSAGES.paymentMethod]}`);
    }
    const hashKey = newOpaqueToken();
    const paymentKey = newOpaqueToken();
    await app.db.query(
      `insert into donations (hash_key, payment_key, cause_slug, frequency, amount_cents, donor_name, email,
                                payment_method, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        hashKey,
        paymentKey,
        donation.cause_slug,
        donation.frequency,
        donation.amount_cents,
        donation.name.trim(),
        donation.email.trim(),
        donation.payment_method,
        app.now().toISOString(),
      ],
    );
    return ok<CreatedDonation>(reply, { hash_key: hashKey, redirect_url: paymentPagePath(paymentKey) });
  });

  app.get('/by-hash/:hashKey', { schema: { params: hashKeyParams } }, async (request, reply) => {
    await donationPayments.expireStale(app.db, app.now());
    const donation = await findDonation(app.db, { hashKey: request.params.hashKey });
    if (!donation) throw notFound(DONATION_MESSAGES.notFound);
    return ok<DonationRecord>(reply, {
      hash_key: donation.hash_key,
      cause_slug: donation.cause_slug,
      cause_title: donation.cause_title,
      frequency: donation.frequency,
      amount_cents: donation.amount_cents,
      name: donation.donor_name,
      payment_method: donation.payment_method,
      payment_method_title: donation.payment_method_title,
      status: donation.status,
      redirect_url: donation.status === 'pending' ? paymentPagePath(donation.payment_key) : null,
    });
  });
};

export default routes;
