import { useSyncExternalStore } from 'react';
import { readDevice, writeDevice } from '../device-storage.ts';

/**
 * The shopper's analytics consent, remembered on the device (Dutch law: no analytics before consent). `null` until
 * the shopper chose; the banner shows then.
 */
export type ConsentChoice = 'accepted' | 'refused';

const KEY = 'ofm-analytics-consent';
const listeners = new Set<() => void>();
/** The footer's "Cookie-instellingen" reopens the banner without forgetting the choice until a new one is made. */
let reopened = false;

/** The choice made on this page, for a device whose storage refuses to keep it (it then holds for this page). */
let pageChoice: ConsentChoice | null = null;

function read(): ConsentChoice | null {
  const value = readDevice(KEY);
  return value === 'accepted' || value === 'refused' ? value : pageChoice;
}

export function analyticsAllowed(): boolean {
  return read() === 'accepted';
}

export function chooseConsent(choice: ConsentChoice): void {
  pageChoice = choice;
  writeDevice(KEY, choice);
  reopened = false;
  for (const listener of listeners) listener();
}

export function reopenConsent(): void {
  reopened = true;
  for (const listener of listeners) listener();
}

export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener);
  // another tab's choice counts here too
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether the banner shows: no choice yet, or reopened from the footer. 'unknown' where the device cannot be read: in
 * the server's render and in the hydration of that render, which must equal it.
 */
export function useConsentBanner(): 'open' | 'closed' | 'unknown' {
  return useSyncExternalStore(
    onConsentChange,
    () => (reopened || read() === null ? 'open' : 'closed'),
    () => 'unknown',
  );
}

/**
 * Run by the server-rendered document before its body is parsed: marks `<html>` when the device holds no choice, so
 * the banner the server renders for everyone shows from the first paint where a choice is due and stays hidden
 * elsewhere (src/features/shell/shell.css `.consent-banner-unknown`). The page under it then never moves when the app
 * hydrates.
 */
export const CONSENT_PENDING_SCRIPT =
  `try{var c=localStorage.getItem(${JSON.stringify(KEY)})}catch(e){}` +
  `if(c!=='accepted'&&c!=='refused')document.documentElement.setAttribute('data-consent-pending','')`;
