import { useSyncExternalStore } from 'react';

/**
 * The shopper's analytics consent, remembered on the device (Dutch law: no analytics before consent). `null` until
 * the shopper chose; the banner shows then.
 */
export type ConsentChoice = 'accepted' | 'refused';

const KEY = 'ofm-analytics-consent';
const listeners = new Set<() => void>();
/** The footer's "Cookie-instellingen" reopens the banner without forgetting the choice until a new one is made. */
let reopened = false;

function read(): ConsentChoice | null {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'accepted' || value === 'refused' ? value : null;
  } catch {
    return null;
  }
}

export function consentChoice(): ConsentChoice | null {
  return read();
}

export function analyticsAllowed(): boolean {
  return read() === 'accepted';
}

export function chooseConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // storage refused (private mode): the choice holds for this page only, and analytics stays off
  }
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

/** Whether the banner shows: no choice yet, or reopened from the footer. */
export function useConsentBannerOpen(): boolean {
  return useSyncExternalStore(
    onConsentChange,
    () => reopened || read() === null,
    () => false,
  );
}
