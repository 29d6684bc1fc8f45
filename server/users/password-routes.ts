import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { badRequest, ok } from '../http/envelope.ts';
import { PASSWORD_RESET_MAILS_PER_HOUR, PASSWORD_RESET_TTL_SECONDS, addSeconds } from '../auth/config.ts';
import { MESSAGES } from './messages.ts';
import { customerSession, requireCustomer } from '../auth/customer-session.ts';
import { findCustomerIdByEmail, updatePasswordHash } from './customer-store.ts';
import { passwordProblem } from '../http/form-rules.ts';
import { countLoginThrottled } from '../metrics/counters.ts';
import { reserveLoginAttempt, settleLoginAttempt, takeLookup, tooMany } from '../auth/login-throttle.ts';
import { changePasswordSchema, createPasswordSchema, resetPasswordSchema } from './schemas.ts';
import { revokeCustomerSessions } from '../auth/sessions.ts';
import { maskEmail } from '../http/redact.ts';

function resetMailBody(firstname: string, link: string): string {
  return [
    `Beste ${firstname},`,
    '',
    'Je hebt gevraagd om je wachtwoord opnieuw in te stellen. Dat kan via deze link (één uur geldig):',
    link,
    '',
    'Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft ongewijzigd.',
    '',
    'Met vriendelijke groet,',
    'OFM',
  ].join('\n');
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * Always 200, whether or not the address has an account (no enumeration). For a known address the mail with a
   * one-hour reset token goes to `outbox_emails`; the log line names the outbox row, never the token.
   */
  app.post('/reset-password', { schema: resetPasswordSchema }, async (request, reply) => {
    const now = app.now();
    if (!(await takeLookup(app.db, request.ip, now))) {
      countLoginThrottled(reply.request.routeOptions.url ?? 'unmatched');
      throw tooMany(reply, MESSAGES.tooManyRequests);
    }
    const found = await findCustomerIdByEmail(app.db, request.body.email);
    // A token lives one hour, so the unexpired ones are the mails of the last hour.
    const recent = found
      ? (
          await app.db.query<{ n: number }>(
            'select count(*)::int as n from password_reset_tokens where customer_id = $1 and expires_at > $2',
            [found.id, now.toISOString()],
          )
        ).rows[0].n
      : 0;
    if (found && recent >= PASSWORD_RESET_MAILS_PER_HOUR) {
      request.log.info(
        `password reset mail for ${maskEmail(request.body.email)} not sent: ${recent} sent within the hour`,
      );
    } else if (found) {
      const token = newOpaqueToken();
      const outboxId = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ email: string; firstname: string }>(
          'select email, firstname from customers where id = $1',
          [found.id],
        );
        await tx.query('insert into password_reset_tokens (token_hash, customer_id, expires_at) values ($1, $2, $3)', [
          hashToken(token),
          found.id,
          addSeconds(now, PASSWORD_RESET_TTL_SECONDS).toISOString(),
        ]);
        const link = `/password/reset?email=${encodeURIComponent(rows[0].email)}&resetToken=${token}`;
        const mail = await tx.query<{ id: number }>(
          'insert into outbox_emails (to_address, subject, body, created_at) values ($1, $2, $3, $4) returning id',
          [rows[0].email, 'Stel je wachtwoord opnieuw in', resetMailBody(rows[0].firstname, link), now.toISOString()],
        );
        return mail.rows[0].id;
      });
      request.log.info(`password reset mail queued for ${maskEmail(request.body.email)} (outbox id ${outboxId})`);
    }
    return ok(reply, true);
  });

  /** Sets a new password with a reset token: valid only once, within the hour, for the address it was sent to. */
  app.post('/create-password', { schema: createPasswordSchema }, async (request, reply) => {
    const { email, newPassword, resetToken } = request.body;
    const now = app.now();
    const { rows } = await app.db.query<{ customer_id: number }>(
      `select t.customer_id from password_reset_tokens t join customers c on c.id = t.customer_id
          where t.token_hash = $1 and t.used_at is null and t.expires_at > $2 and lower(c.email) = lower($3)`,
      [hashToken(resetToken), now.toISOString(), email.trim()],
    );
    const customerId = rows[0]?.customer_id;
    if (customerId === undefined) throw badRequest(MESSAGES.resetLinkInvalid);
    const weak = passwordProblem(newPassword);
    if (weak) throw badRequest(weak);
    const passwordHash = await hashPassword(newPassword);
    await app.db.transaction(async (tx) => {
      await updatePasswordHash(tx, customerId, passwordHash, now);
      // Every reset link of the customer dies with the first one used; so does every session (the old password
      // may be what leaked).
      await tx.query('update password_reset_tokens set used_at = $2 where customer_id = $1 and used_at is null', [
        customerId,
        now.toISOString(),
      ]);
      await revokeCustomerSessions(tx, customerId, now);
    });
    return ok(reply, true);
  });

  /**
   * Spec 000 §7: "on failure the response has result.errorMessage". A wrong current password counts as a failed
   * login for the account, so a stolen token cannot be used to guess the password.
   */
  app.post(
    '/change-password',
    { schema: changePasswordSchema, preHandler: requireCustomer(app) },
    async (request, reply) => {
      const session = customerSession(request);
      const now = app.now();
      const { rows } = await app.db.query<{ email: string; password_hash: string }>(
        'select email, password_hash from customers where id = $1',
        [session.customerId],
      );
      const customer = rows[0];
      const failWith = (code: number, errorMessage: string) => {
        reply.code(code);
        return { code, result: { errorMessage } };
      };
      const reservation = await reserveLoginAttempt(app.db, customer.email, request.ip, now);
      if (!reservation) {
        countLoginThrottled(request.routeOptions.url ?? 'unmatched');
        return failWith(429, MESSAGES.tooManyAttempts);
      }
      const valid = await verifyPassword(request.body.currentPassword, customer.password_hash);
      await settleLoginAttempt(app.db, reservation, valid ? 'withdrawn' : 'failed', now);
      if (!valid) return failWith(400, MESSAGES.currentPasswordWrong);
      const weak = passwordProblem(request.body.newPassword);
      if (weak) return failWith(400, weak);
      const passwordHash = await hashPassword(request.body.newPassword);
      await app.db.transaction(async (tx) => {
        await updatePasswordHash(tx, session.customerId, passwordHash, now);
        // Other devices must log in again with the new password; this session stays.
        await revokeCustomerSessions(tx, session.customerId, now, session.familyId ?? undefined);
      });
      return ok(reply, true);
    },
  );
};

export default routes;
