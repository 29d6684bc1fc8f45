import type { WorkerContext } from '../context.ts';
import type { ContextEngine } from '../context-engine.ts';
import { NetworkError } from '../http/errors.ts';
import { serverMessage } from '../http/server-message.ts';
import type { Envelope } from '../queue/types.ts';
import { SESSION_TEXT } from '../user/session-messages.ts';
import type { DonationApi, DonationPaymentMethod, DonationRecord } from './api-types.ts';

const DONATION_BASE = '/api/ext/shop/donation';

/** Spec 001 §8 'An error occurred during the submission process.', when the server gives no message of its own. */
const SUBMISSION_FAILED = SESSION_TEXT.submissionFailed;

/**
 * The donations area: direct calls, never queued (the donor waits for the payment page, and a donation created
 * later, offline, would be one nobody pays). A success is code 200 only (spec 001 §5).
 */
export function donationApi(ctx: WorkerContext, { engine, started }: ContextEngine): DonationApi {
  const call = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: unknown): Promise<Envelope | null> => {
    await started;
    try {
      return await engine.queue.execute({ url: `${DONATION_BASE}/${url}`, method, payload });
    } catch (error) {
      if (error instanceof NetworkError) return null;
      throw error;
    }
  };
  /** Spec 001 §8: the server's message as an error notification with OK. */
  const refuse = (messageKey: string) => {
    ctx.notify({ type: 'danger', messageKey, action: { labelKey: 'OK' }, hasNoTimeout: true });
    return { ok: false as const, messageKey };
  };
  return {
    async donationPaymentMethods() {
      const res = await call('payment_methods');
      return res?.code === 200 ? (res.result as DonationPaymentMethod[]) : null;
    },
    async createDonation(donation) {
      if (!ctx.online.value) return refuse(SESSION_TEXT.offline);
      const res = await call('create_donation', 'POST', { donation });
      if (!res) return refuse(SESSION_TEXT.offline);
      const url = res.code === 200 ? (res.result as { redirect_url?: unknown }).redirect_url : undefined;
      if (typeof url === 'string' && url) return { ok: true, redirectUrl: url };
      // a 4xx names what the server refused (in Dutch); a 5xx's text is no message for a donor
      const message = res.code >= 400 && res.code < 500 ? serverMessage(res) : null;
      return refuse(message ?? SUBMISSION_FAILED);
    },
    async donationByHash(hashKey) {
      const res = await call(`by-hash/${encodeURIComponent(hashKey)}`);
      if (!res) return { ok: false, reason: 'offline' };
      if (res.code === 200) return { ok: true, donation: res.result as DonationRecord };
      return { ok: false, reason: res.code === 404 ? 'not-found' : 'offline' };
    },
  };
}
