import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tokenFromRequest } from './tokens.ts';
import { unauthorized } from '../http/envelope.ts';
import { touchAccessToken } from './sessions.ts';

export interface CustomerSession {
  customerId: number;
  /** The login session (refresh family) the access token belongs to; null for tokens issued elsewhere. */
  familyId: string | null;
  sessionExpires: Date;
}

const sessions = new WeakMap<FastifyRequest, CustomerSession>();

/**
 * preHandler for every call that needs the customer token (spec 000 §6): an unknown, revoked or expired token is
 * 401 `{ code: 401, result: 'Unauthorized' }`; a valid one slides its expiry and is remembered for the handler.
 */
export function requireCustomer(app: FastifyInstance): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = tokenFromRequest(request);
    const session = token ? await touchAccessToken(app.db, token, app.now()) : null;
    if (!session) throw unauthorized();
    sessions.set(request, session);
  };
}

export function customerSession(request: FastifyRequest): CustomerSession {
  const session = sessions.get(request);
  if (!session) throw unauthorized();
  return session;
}

/**
 * What every route of the customer's area (under /api/ext/shop/user: account, wishlist, engagement) does to its
 * answers: `meta.session_expires` on each, and `no-store` because they carry personal data and tokens, so no
 * browser, proxy or service-worker cache may keep one.
 */
export function customerAreaAnswers(app: FastifyInstance): void {
  addSessionExpiresToAnswers(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * Every answer to an authenticated call carries `meta.session_expires` (ISO), also error answers, so the client can
 * keep its stored expiry current (spec 000 §4 "A response carrying session_expires updates the stored expiry").
 */
function addSessionExpiresToAnswers(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const session = sessions.get(request);
    if (!session || !payload || typeof payload !== 'object' || !('code' in payload)) return payload;
    const envelope = payload as { meta?: Record<string, unknown> };
    return { ...envelope, meta: { ...envelope.meta, session_expires: session.sessionExpires.toISOString() } };
  });
}
