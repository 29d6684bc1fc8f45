import { combineLatest, map } from 'rxjs';
import { KV_KEYS } from '../../schemas/index.ts';
import type { WorkerContext } from '../context.ts';
import type { ContextEngine } from '../context-engine.ts';
import { accountReads } from './account-reads.ts';
import type { SessionApi, SessionState } from './api-types.ts';
import { loadPreferenceOptions } from './preference-options.ts';
import { emptyUserState, type UserStateValue } from './user-state.ts';

/** The session area (spec 000 §4 "Session for user", "Token invalidation"). */
export function sessionApi(ctx: WorkerContext, { engine, started, signupRequested }: ContextEngine): SessionApi {
  ctx.live.register('user', () =>
    combineLatest([ctx.db.kv.findOne(KV_KEYS.user).$, signupRequested]).pipe(
      map(([doc, signup]): SessionState => {
        const state: UserStateValue = {
          ...emptyUserState(),
          ...((doc?.toMutableJSON().value as Partial<UserStateValue> | undefined) ?? {}),
        };
        return {
          loggedIn: !!state.token && state.current !== null,
          current: state.current,
          groupId: state.groupId,
          sessionExpires: state.sessionExpires,
          ordersHistory: state.orders_history,
          signupRequestedAt: signup,
          personalPrices: state.token ? (state.personalPrices ?? {}) : {},
        };
      }),
    ),
  );
  const reads = started.then(() => accountReads(engine.queue, engine.session.profile));
  const ready = async () => {
    await started;
    return engine.session;
  };
  return {
    login: async (username, password) => (await ready()).login(username, password),
    logout: async (silent) => {
      await (await ready()).logout({ silent, sendQueued: true });
    },
    register: async (input) => (await ready()).register(input),
    updateProfile: async (customer) => (await ready()).profile.updateProfile(customer),
    resetPassword: async (email) => (await ready()).passwords.resetPassword(email),
    createPassword: async (email, resetToken, newPassword) =>
      (await ready()).passwords.createPassword(email, resetToken, newPassword),
    changePassword: async (currentPassword, newPassword) =>
      (await ready()).passwords.changePassword(currentPassword, newPassword),
    onNavigation: async (path) => (await ready()).onNavigation(path),
    guardSession: async () => (await ready()).guard(),
    loadOrderHistory: async (pageSize, currentPage) => (await ready()).profile.loadOrderHistory(pageSize, currentPage),
    loadLoyalty: async () => (await reads).loadLoyalty(),
    loadTransactions: async () => (await reads).loadTransactions(),
    loadTransaction: async (id) => (await reads).loadTransaction(id),
    addCoupon: async (code) => (await reads).addCoupon(code),
    deleteAddress: async (addressId) => (await ready()).profile.deleteAddress(addressId),
    loadPreferenceOptions: () => loadPreferenceOptions(ctx),
    loadContactOverview: async () => (await ready()).profile.engagement.loadContactOverview(),
    updateContact: async (favourites) => (await ready()).profile.engagement.updateContact(favourites),
  };
}
