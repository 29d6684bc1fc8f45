import type { QueueHooks } from '../../../../worker/queue/task-queue.ts';
import type { Envelope, Transport } from '../../../../worker/queue/types.ts';

/** The task queue's tests' edges: a scripted server and the session's and cart's hooks, with what they were asked. */

export interface Sent {
  method: string;
  url: string;
  body?: unknown;
}

/** What the scripted server answers to the n-th request. */
export type Answer = (req: Sent, n: number) => Promise<Envelope> | Envelope;
export const answerOk: Answer = () => ({ code: 200, result: 'ok' });

/** The network edge: answers are scripted per test; everything else (RxDB, the queue) is real. */
export function scriptedTransport(answer: Answer) {
  const sent: Sent[] = [];
  const transport: Transport = async (req) => {
    sent.push(req);
    return answer(req, sent.length);
  };
  return { sent, transport };
}

export function hooks(over: Partial<QueueHooks> = {}) {
  const state = {
    token: 'user-token' as string | null,
    cartId: 'cart-1' as string | null,
    logouts: [] as boolean[],
    refreshes: 0,
  };
  const h: QueueHooks = {
    userToken: () => state.token,
    cartId: () => state.cartId,
    autoRefresh: () => true,
    refreshUserToken: async () => {
      state.refreshes += 1;
      state.token = 'fresh-token';
      return true;
    },
    logout: async ({ silent }) => {
      state.logouts.push(silent);
      state.token = null;
    },
    recreateCart: async () => {
      state.cartId = 'cart-2';
    },
    ...over,
  };
  return { state, h };
}
