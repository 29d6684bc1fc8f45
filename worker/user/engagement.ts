import { NetworkError } from '../http/errors.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import type { Envelope, Notify, Task } from '../queue/types.ts';
import { PROFILE_LANE } from './address-delete.ts';
import type { CommandResult, EngagementContact } from './api-types.ts';
import { SESSION_TEXT } from './session-messages.ts';

export const TASK_CONTACT_UPDATE = 'engagement-contact-update';

type EnrichedData = NonNullable<EngagementContact['enrichedData']>;
export type ContactFavourites = Partial<EnrichedData>;

/** What the engagement contact needs of the account (worker/user/profile.ts). */
export interface ContactSession {
  guard(): Promise<boolean>;
  readonly loggedIn: boolean;
  contact(): EngagementContact | null;
  storeContact(contact: EngagementContact | null): Promise<void>;
  noteResponse(res: Envelope): void;
}

const USER = '/api/ext/shop/user';

function enrichedDataOf(result: unknown): EnrichedData | null {
  const attributes = (result as { attributes?: Record<string, unknown> } | null)?.attributes;
  if (!attributes || typeof attributes !== 'object') return null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { favstore: text(attributes.favstore), favbrand: text(attributes.favbrand) };
}

/**
 * The engagement contact of a member (spec 001 §3 "Contact state", §7 contact overview and PATCH contact update).
 * The overview is read online and kept in the user state, so the preferences page shows the last one offline; an
 * update is local first and a queued PATCH (in the profile's lane, after the profile update it goes with).
 */
export function engagementContact(queue: TaskQueue, session: ContactSession, notify: Notify) {
  queue.on(
    TASK_CONTACT_UPDATE,
    async (_task: Task, res: Envelope) => {
      session.noteResponse(res);
      const contact = session.contact();
      const enrichedData = res.code === 200 ? enrichedDataOf(res.result) : null;
      if (contact && enrichedData) {
        await session.storeContact({ ...contact, enrichedData });
        return;
      }
      notify({
        type: 'danger',
        messageKey: SESSION_TEXT.profileUpdateFailed,
        params: { message: typeof res.result === 'string' ? res.result : '' },
      });
    },
    { retryServerErrors: false, lane: PROFILE_LANE },
  );

  return {
    /** GET contact overview (favstore, favbrand); offline (or without an answer) the last one read. */
    async loadContactOverview(): Promise<EngagementContact | null> {
      const contact = session.loggedIn ? session.contact() : null;
      if (!contact) return null;
      try {
        const res = await queue.execute({
          url: `${USER}/engagement/contact/overview?token={{token}}&contactId=${encodeURIComponent(contact.contactId)}`,
        });
        session.noteResponse(res);
        const enrichedData = res.code === 200 ? enrichedDataOf(res.result) : null;
        if (!enrichedData) return contact;
        const next = { ...contact, enrichedData };
        await session.storeContact(next);
        return next;
      } catch (error) {
        if (error instanceof NetworkError) return contact;
        throw error;
      }
    },

    /** PATCH contact update by {contactId}: the favourites change on the device at once and reach the platform once. */
    async updateContact(favourites: ContactFavourites): Promise<CommandResult> {
      if (!(await session.guard())) return { ok: false };
      const contact = session.contact();
      if (!session.loggedIn || !contact) return { ok: false, messageKey: SESSION_TEXT.notLoggedIn };
      const base: EnrichedData = contact.enrichedData ?? { favstore: null, favbrand: null };
      await session.storeContact({ ...contact, enrichedData: { ...base, ...favourites } });
      await queue.enqueue({
        kind: TASK_CONTACT_UPDATE,
        url: `${USER}/engagement/contact/${encodeURIComponent(contact.contactId)}?token={{token}}`,
        method: 'PATCH',
        payload: favourites,
        silent: true,
      });
      return { ok: true };
    },
  };
}
