import { serverMessage } from '../http/server-message.ts';
import { NetworkError } from '../http/errors.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import type { Envelope } from '../queue/types.ts';
import type { CommandResult } from './api-types.ts';
import { SESSION_TEXT } from './session-messages.ts';
import { USER_BASE } from './user-store.ts';

/** What the password commands need of the session (worker/user/session.ts). */
export interface PasswordSession {
  online(): boolean;
  guard(): Promise<boolean>;
  noteResponse(res: Envelope): void;
}

/** Change, reset and create a password (spec 000 §7): online-only calls, never queued (spec 001 §8). */
export function passwordCommands(queue: TaskQueue, session: PasswordSession) {
  const call = (url: string, payload: unknown): Promise<Envelope> => queue.execute({ url, method: 'POST', payload });
  return {
    async changePassword(currentPassword: string, newPassword: string): Promise<CommandResult> {
      if (!session.online()) return { ok: false, messageKey: SESSION_TEXT.passwordOffline };
      if (!(await session.guard())) return { ok: false };
      try {
        const res = await call(`${USER_BASE}/change-password?token={{token}}`, { currentPassword, newPassword });
        session.noteResponse(res);
        if (res.code === 200) return { ok: true, messageKey: SESSION_TEXT.passwordChanged };
        const error = (res.result as { errorMessage?: string } | null)?.errorMessage;
        return { ok: false, messageKey: error ?? serverMessage(res) ?? undefined };
      } catch (error) {
        if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.passwordOffline };
        throw error;
      }
    },

    /**
     * POST create-password with the e-mail and token of the reset link (spec 000 §7): the server checks that the
     * token is unused and under an hour old, sets the password and ends every session of the customer. Refused
     * offline (spec 001 §8).
     */
    async createPassword(email: string, resetToken: string, newPassword: string): Promise<CommandResult> {
      if (!session.online()) return { ok: false, messageKey: SESSION_TEXT.passwordResetOffline };
      try {
        const res = await call(`${USER_BASE}/create-password`, { email, newPassword, resetToken });
        if (res.code === 200) return { ok: true, messageKey: SESSION_TEXT.passwordChanged };
        return { ok: false, messageKey: serverMessage(res) ?? SESSION_TEXT.submissionFailed };
      } catch (error) {
        if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.passwordResetOffline };
        throw error;
      }
    },

    async resetPassword(email: string): Promise<CommandResult> {
      if (!session.online()) return { ok: false, messageKey: SESSION_TEXT.passwordOffline };
      try {
        const res = await call(`${USER_BASE}/reset-password`, { email });
        return res.code === 200 ? { ok: true } : { ok: false, messageKey: serverMessage(res) ?? undefined };
      } catch (error) {
        if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.passwordOffline };
        throw error;
      }
    },
  };
}
