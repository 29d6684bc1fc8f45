import { KV_KEYS } from '../../schemas/index.ts';
import type { WorkerContext } from '../context.ts';
import type { ContextEngine } from '../context-engine.ts';
import { NetworkError } from '../http/errors.ts';
import { serverMessage } from '../http/server-message.ts';
import type { Envelope } from '../queue/types.ts';
import { SESSION_TEXT } from '../user/session-messages.ts';
import type { CommandResult } from '../user/api-types.ts';
import type { NewsletterApi, NewsletterSignup } from './api-types.ts';

const NEWSLETTER_BASE = '/api/ext/shop/newsletter';

/** Spec 001 §8 texts (the app shows them in Dutch); the confirmation text is the shop's own (the spec gives none). */
export const NEWSLETTER_TEXT = {
  failed: 'An error occurred while subscribing you to our newsletter, please try again!',
  alreadySubscribed: 'You are already subscribed to our newsletter!',
  confirmationSent: 'Thank you! Confirm your subscription with the link in the e-mail we have sent you.',
  confirmed: 'You have been subscribed to our newsletter!',
  unsubscribed: 'You have been unsubscribed from our newsletter.',
} as const;

/** The newsletter area: calls the server directly (never queued), since the shopper waits for the answer. */
export function newsletterApi(ctx: WorkerContext, { engine, started }: ContextEngine): NewsletterApi {
  const post = async (path: string, payload: unknown): Promise<Envelope> => {
    await started;
    return engine.queue.execute({ url: `${NEWSLETTER_BASE}/${path}`, method: 'POST', payload });
  };
  /** A link of the mail (confirm or unsubscribe); the server's Dutch message when it refuses the token. */
  const followLink = async (path: string, token: string, done: string): Promise<CommandResult> => {
    try {
      const res = await post(path, { token });
      if (res.code === 200) return { ok: true, messageKey: done };
      return { ok: false, messageKey: serverMessage(res) ?? SESSION_TEXT.submissionFailed };
    } catch (error) {
      if (error instanceof NetworkError) return { ok: false, messageKey: SESSION_TEXT.offline };
      throw error;
    }
  };
  // Spec 000 §9 storage key "newsletter email": the address of the last signup the server took (sent or already
  // subscribed), offered in the form next time; kept on logout like the rest of the device's own (the spec's logout
  // list does not name it).
  const remember = (email: string) =>
    ctx.db.kv
      .incrementalUpsert({ key: KV_KEYS.newsletterEmail, value: email, updated_at: ctx.now() })
      .then(() => undefined)
      .catch((error: unknown) => console.warn('[newsletter] could not keep the e-mail', error));
  return {
    async newsletterEmail() {
      const value = (await ctx.db.kv.findOne(KV_KEYS.newsletterEmail).exec())?.toMutableJSON().value;
      return typeof value === 'string' && value ? value : null;
    },
    async subscribeNewsletter(email): Promise<NewsletterSignup> {
      const failed = (messageKey: string): NewsletterSignup => ({ ok: false, outcome: 'failed', messageKey });
      if (!ctx.online.value) return failed(SESSION_TEXT.offline);
      try {
        const res = await post('subscribe', { email: email.trim() });
        const code = (res.result as { resultCode?: string } | null)?.resultCode;
        if (res.code === 200) await remember(email.trim());
        if (res.code === 200 && code === 'already_subscribed') {
          return { ok: false, outcome: 'already-subscribed', messageKey: NEWSLETTER_TEXT.alreadySubscribed };
        }
        if (res.code === 200) return { ok: true, outcome: 'sent', messageKey: NEWSLETTER_TEXT.confirmationSent };
        // a 400 names what was wrong with the address; anything else gets the spec's text
        return failed(res.code === 400 ? (serverMessage(res) ?? NEWSLETTER_TEXT.failed) : NEWSLETTER_TEXT.failed);
      } catch (error) {
        // the server not reached (refused, or no answer within the client's time-out) is said as every action says it
        if (error instanceof NetworkError) return failed(SESSION_TEXT.offline);
        throw error;
      }
    },
    async confirmNewsletter(token) {
      const result = await followLink('confirm', token, NEWSLETTER_TEXT.confirmed);
      // the account's opt-in is the same subscription: show it there without waiting for the next profile read
      if (result.ok && engine.session.loggedIn) await engine.session.profile.refreshProfile();
      return result;
    },
    unsubscribeNewsletter: async (token) => {
      const result = await followLink('unsubscribe', token, NEWSLETTER_TEXT.unsubscribed);
      if (result.ok && engine.session.loggedIn) await engine.session.profile.refreshProfile();
      return result;
    },
  };
}
