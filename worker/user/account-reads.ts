import type { TaskQueue } from '../queue/task-queue.ts';
import { NetworkError } from '../http/errors.ts';
import type { Envelope } from '../queue/types.ts';
import type { CommandResult, Customer, LoyaltyOverview, StoreTransaction } from './api-types.ts';
import type { Profile } from './profile.ts';
import { USER_BASE } from './user-store.ts';
import { SESSION_TEXT } from './session-messages.ts';

/**
 * Online-only reads of the account pages (loyalty, in-store purchases) and the coupon command. Not cached: the pages
 * show "not available offline" instead of stale points. Null means no answer (offline, logged out, or refused).
 */
export function accountReads(queue: TaskQueue, session: Profile) {
  const get = async <T>(path: string): Promise<T | null> => {
    if (!session.loggedIn) return null;
    try {
      const res: Envelope = await queue.execute({ url: `${USER_BASE}/${path}`, method: 'GET' });
      session.noteResponse(res);
      return res.code === 200 ? (res.result as T) : null;
    } catch (error) {
      if (error instanceof NetworkError) return null;
      throw error;
    }
  };
  return {
    loadLoyalty: () => get<LoyaltyOverview>('loyalty-miles-history?token={{token}}'),
    loadTransactions: async () =>
      (await get<{ transactions: StoreTransaction[] }>('transactions?token={{token}}'))?.transactions ?? null,
    loadTransaction: (id: string) =>
      get<StoreTransaction>(`transactions/detail?token={{token}}&transaction_id=${encodeURIComponent(id)}`),
    /** The answer is the customer with the coupon added; it replaces the stored profile. */
    async addCoupon(code: string): Promise<CommandResult> {
      if (!(await session.guard())) return { ok: false };
      if (!session.loggedIn) return { ok: false, messageKey: SESSION_TEXT.notLoggedIn };
      try {
        const res = await queue.execute({
          url: `${USER_BASE}/add-coupon?token={{token}}`,
          method: 'POST',
          payload: { couponCode: code.trim() },
        });
        session.noteResponse(res);
        if (res.code === 200 && res.result && typeof res.result === 'object') {
          await session.storeProfile(res.result as Customer);
          return { ok: true };
        }
        // unknown, someone else's, expired or used: the shopper sees one text either way (spec 001 coupons)
        return { ok: false, messageKey: INVALID_COUPON };
      } catch (error) {
        if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.offline };
        throw error;
      }
    },
  };
}

export const INVALID_COUPON = 'Not a valid coupon code.';
