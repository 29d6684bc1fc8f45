import { LOGIN_WINDOW_SECONDS } from './config.ts';

/** Shopper-facing answers of sessions and throttling (Dutch; spec 001 §8 lists their English meaning). */
export const AUTH_MESSAGES = {
  /** A token that is present but unknown, expired or revoked (auth/caller.ts). */
  invalidToken: 'Je sessie is verlopen. Log opnieuw in.',
  tooManyAttempts: `Te veel mislukte inlogpogingen. Probeer het over ${LOGIN_WINDOW_SECONDS / 60} minuten opnieuw.`,
  tooManyRequests: `Te veel verzoeken. Probeer het over ${LOGIN_WINDOW_SECONDS / 60} minuten opnieuw.`,
} as const;
