import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { hashToken, tokenFromRequest } from '../auth/tokens.ts';
import { fieldOf } from '../http/field-of.ts';
import { badRequest, ok, unauthorized } from '../http/envelope.ts';
import { MESSAGES } from './messages.ts';
import { findCustomerIdByEmail, insertCustomer, loadCustomer, saveAddresses } from './customer-store.ts';
import { checkAddresses, checkEmail, checkName, checkPassword } from '../http/form-rules.ts';
import { reserveLoginAttempt, settleLoginAttempt, takeLookup, tooMany } from '../auth/login-throttle.ts';
import { countLoginThrottled } from '../metrics/counters.ts';
import { createSchema, customerSearchSchema, loginSchema, refreshSchema } from './schemas.ts';
import { issueSession, revokeFamily, rotateRefreshToken } from '../auth/sessions.ts';

// Verifying against a real scrypt hash for unknown e-mails keeps their answer time equal to a wrong password's.
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => (dummyHash ??= hashPassword('not-a-customer-password'));

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/create', { schema: createSchema }, async (request, reply) => {
    const { customer, password } = request.body;
    checkEmail('body.customer.email', customer.email);
    checkName('body.customer.firstname', customer.firstname);
    checkName('body.customer.lastname', customer.lastname);
    checkPassword('body.password', password);
    checkAddresses('body.customer.addresses', customer.addresses ?? []);
    if (await findCustomerIdByEmail(app.db, customer.email)) throw badRequest(MESSAGES.emailTaken);
    const passwordHash = await hashPassword(password);
    const now = app.now();
    try {
      const id = await app.db.transaction(async (tx) => {
        const newId = await insertCustomer(tx, { ...customer, passwordHash }, now);
        await saveAddresses(tx, newId, customer.addresses ?? []);
        return newId;
      });
      return ok(reply, await loadCustomer(app.db, id, now));
    } catch (error) {
      // Two registrations racing for one address: the unique index decides, the loser gets the same answer.
      if (isUniqueViolation(error)) throw badRequest(MESSAGES.emailTaken);
      throw error;
    }
  });

  app.post('/login', { schema: loginSchema }, async (request, reply) => {
    const { username, password } = request.body;
    const now = app.now();
    const reservation = await reserveLoginAttempt(app.db, username, request.ip, now);
    if (!reservation) {
      countLoginThrottled(reply.request.routeOptions.url ?? 'unmatched');
      throw tooMany(reply, MESSAGES.tooManyAttempts);
    }
    const customer = await findCustomerIdByEmail(app.db, username);
    const valid = await verifyPassword(password, customer?.password_hash ?? (await unknownUserHash()));
    await settleLoginAttempt(app.db, reservation, customer && valid ? 'succeeded' : 'failed', now);
    if (!customer || !valid) throw unauthorized(MESSAGES.loginFailed);
    const session = await issueSession(app.db, customer.id, now);
    return ok(reply, session.accessToken, {
      refreshToken: session.refreshToken,
      session_expires: session.sessionExpires.toISOString(),
    });
  });

  app.post('/refresh', { schema: refreshSchema }, async (request, reply) => {
    const outcome = await rotateRefreshToken(app.db, request.body.refreshToken, app.now());
    if (!outcome.ok) {
      if (outcome.reused) request.log.warn('reused refresh token: its session family was revoked');
      throw unauthorized();
    }
    return ok(reply, outcome.session.accessToken, {
      refreshToken: outcome.session.refreshToken,
      session_expires: outcome.session.sessionExpires.toISOString(),
    });
  });

  /** Ends the session of the token (and of `refreshToken` in the body): both token kinds stop working at once. */
  app.post('/logout', async (request, reply) => {
    const now = app.now();
    const families = new Set<string>();
    const token = tokenFromRequest(request);
    if (token) {
      const { rows } = await app.db.query<{ family_id: string | null }>(
        'update auth_tokens set revoked_at = coalesce(revoked_at, $2) where token_hash = $1 returning family_id',
        [hashToken(token), now.toISOString()],
      );
      if (rows[0]?.family_id) families.add(rows[0].family_id);
    }
    const refreshToken = fieldOf(request.body, 'refreshToken');
    if (typeof refreshToken === 'string' && refreshToken) {
      const { rows } = await app.db.query<{ family_id: string }>(
        'select family_id from refresh_tokens where token_hash = $1',
        [hashToken(refreshToken)],
      );
      if (rows[0]) families.add(rows[0].family_id);
    }
    for (const family of families) await revokeFamily(app.db, family, now);
    return ok(reply, true);
  });

  /**
   * Spec 000 §7: "A customer search posts email_address and reads meta.customer_exists" (checkout asks a guest to
   * log in). Answers only whether the address has an account, and only 20 times per client address per 15 minutes.
   */
  const customerSearch = async (
    request: { body: { email_address: string }; ip: string },
    reply: Parameters<typeof ok>[0],
  ) => {
    if (!(await takeLookup(app.db, request.ip, app.now()))) {
      countLoginThrottled(reply.request.routeOptions.url ?? 'unmatched');
      throw tooMany(reply, MESSAGES.tooManyRequests);
    }
    const exists = (await findCustomerIdByEmail(app.db, request.body.email_address)) !== null;
    return ok(reply, { customer_exists: exists }, { customer_exists: exists });
  };
  app.post('/customer-search', { schema: customerSearchSchema }, customerSearch);
  app.post('/search-customer', { schema: customerSearchSchema }, customerSearch);
};

export default routes;
