import { map } from 'rxjs';
import { KV_KEYS } from '../../schemas/index.ts';
import type { WorkerContext } from '../context.ts';
import type { Customer, SessionApi, SessionState } from './api-types.ts';

/**
 * Placeholder by the worker-core engineer so the API composes; the sync engineer replaces it with the real session
 * area. The live query already reads the stored user so the app can render the logged-out state.
 */
export function sessionApi(ctx: WorkerContext): SessionApi {
  ctx.live.register('user', () =>
    ctx.db.kv.findOne(KV_KEYS.user).$.pipe(
      map((doc): SessionState => {
        const current = (doc?.value as Customer | undefined) ?? null;
        return { loggedIn: current !== null, current, groupId: null, sessionExpires: null };
      }),
    ),
  );
  const notYet = async (): Promise<never> => {
    throw new Error('Session commands are not available yet');
  };
  return { login: notYet, logout: notYet, register: notYet, updateProfile: notYet, resetPassword: notYet, changePassword: notYet };
}
