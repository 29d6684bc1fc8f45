import { EARLY_TAP_HOOK } from '../../domain/app-start.ts';

/**
 * The control a shopper tapped on the server's page before the app ran (the starter kept it: README "Server
 * rendering → Starting the app"), or null. Called when the app hydrates: from then on React sees every tap itself.
 */
export function takeEarlyTap(): HTMLElement | null {
  const take = (window as unknown as Record<string, (() => HTMLElement | null) | undefined>)[EARLY_TAP_HOOK];
  return take ? take() : null;
}

/** Taps the kept control again, now that it is the app's (hydration keeps the server's elements). */
export function replayEarlyTap(control: HTMLElement | null): void {
  if (control?.isConnected) setTimeout(() => control.click(), 0);
}
