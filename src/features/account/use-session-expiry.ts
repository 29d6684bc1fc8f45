import { useEffect } from 'react';
import { shop } from '../../lib/shop.ts';

/** setTimeout takes at most a signed 32-bit delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** The worker compares with its own clock; a little later than the expiry it surely sees it passed. */
const SLACK_MS = 250;

/**
 * Spec 000 §4 "Session expiry": once the expiry time has passed, a user action logs out and shows the warning with a
 * Log in action (the worker's guardSession does both). Opening an account page is such an action; and a page that
 * stays open past the expiry asks the worker at that moment, so personal data does not stay on screen after the
 * session ended. A response carrying a new session_expires re-arms the timer through the live user state.
 */
export function useSessionExpiry(loggedIn: boolean, sessionExpires: number | null | undefined): void {
  useEffect(() => {
    if (!loggedIn) return;
    void shop()
      .guardSession()
      .catch(() => undefined);
  }, [loggedIn]);

  useEffect(() => {
    if (!loggedIn || sessionExpires == null) return;
    const delay = Math.min(Math.max(0, sessionExpires - Date.now() + SLACK_MS), MAX_DELAY_MS);
    const timer = setTimeout(
      () =>
        void shop()
          .guardSession()
          .catch(() => undefined),
      delay,
    );
    return () => clearTimeout(timer);
  }, [loggedIn, sessionExpires]);
}
