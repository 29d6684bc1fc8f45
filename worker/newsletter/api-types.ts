/**
 * Newsletter area contract: spec 001 §4 "Newsletter signup", §7 "POST newsletter subscribe", §8 texts. Double opt-in:
 * a signup is confirmed with the link in the mail the server sends.
 */
import type { CommandResult } from '../user/api-types.ts';

/**
 * What a signup came to: `sent` (a confirmation mail is on its way), `already-subscribed` (spec 001 §8 'You are
 * already subscribed to our newsletter!'), `failed` (the spec's error text, the offline text or the server's 400).
 */
export interface NewsletterSignup extends CommandResult {
  outcome: 'sent' | 'already-subscribed' | 'failed';
}

export interface NewsletterApi {
  /** The address of the last signup on this device (kv `newsletter-email`), for the form to offer; null when none. */
  newsletterEmail(): Promise<string | null>;
  /** Online only: the answer decides what the footer shows. */
  subscribeNewsletter(email: string): Promise<NewsletterSignup>;
  /** The confirmation link of the mail; a logged-in customer's profile is re-read so the account shows the opt-in. */
  confirmNewsletter(token: string): Promise<CommandResult>;
  /** The unsubscribe link of the mail. */
  unsubscribeNewsletter(token: string): Promise<CommandResult>;
}
