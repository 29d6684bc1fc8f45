import type { TaskQueue } from '../queue/task-queue.ts';
import type { Envelope, Notify, Task } from '../queue/types.ts';
import type { CommandResult, Customer } from './api-types.ts';
import { SESSION_TEXT } from './session-messages.ts';

export const TASK_ADDRESS_DELETE = 'user-address-delete';

export const ADDRESS_TEXT = {
  deleted: 'The address has been deleted',
  deleteFailed: 'We could not delete the address',
} as const;

/** What the address deletion needs of the account (worker/user/profile.ts). */
export interface AddressSession {
  guard(): Promise<boolean>;
  userToken(): string | null;
  currentProfile(): Customer | null;
  storeProfile(current: Customer): Promise<void>;
  refreshProfile(): Promise<boolean>;
  noteResponse(res: Envelope): void;
}

const without = (customer: Customer, addressId: number): Customer => ({
  ...customer,
  addresses: customer.addresses.filter((a) => a.id !== addressId),
});

/**
 * DELETE address (spec 000 §7 "DELETE address: user_id, address_id"), local first like every write: the address leaves
 * the profile at once and the call is a queued task, so it also works offline and lands once after a reload.
 * An address without server id is still inside a queued profile update and cannot be deleted yet (the page hides it).
 */
/** The profile update and the address delete keep their order among themselves (the queue's lanes). */
export const PROFILE_LANE = 'profile';

export function addressDeletion(queue: TaskQueue, session: AddressSession, notify: Notify) {
  queue.on(
    TASK_ADDRESS_DELETE,
    async (task: Task, res: Envelope) => {
      session.noteResponse(res);
      const addressId = Number((task.payload as { address_id?: unknown } | null)?.address_id);
      // 404: already gone (another device, or a retry whose first answer was lost) — the shopper's wish holds.
      if (res.code === 200 || res.code === 404) {
        // an answer to an earlier queued profile update may have brought it back into the local profile
        const current = session.currentProfile();
        if (current?.addresses.some((a) => a.id === addressId)) await session.storeProfile(without(current, addressId));
        notify({ type: 'success', messageKey: ADDRESS_TEXT.deleted });
        return;
      }
      notify({ type: 'danger', messageKey: ADDRESS_TEXT.deleteFailed });
      // the server kept it: show it again
      await session.refreshProfile();
    },
    { retryServerErrors: false, lane: PROFILE_LANE },
  );

  return async function deleteAddress(addressId: number): Promise<CommandResult> {
    if (!(await session.guard())) return { ok: false };
    const current = session.currentProfile();
    if (!session.userToken() || !current) return { ok: false, messageKey: SESSION_TEXT.notLoggedIn };
    if (!Number.isInteger(addressId) || !current.addresses.some((a) => a.id === addressId)) {
      return { ok: false, messageKey: ADDRESS_TEXT.deleteFailed };
    }
    await session.storeProfile(without(current, addressId));
    await queue.enqueue({
      kind: TASK_ADDRESS_DELETE,
      url: `/api/ext/shop/user/address?token={{token}}&address_id=${addressId}`,
      method: 'DELETE',
      payload: { address_id: addressId },
      silent: true,
    });
    return { ok: true };
  };
}
