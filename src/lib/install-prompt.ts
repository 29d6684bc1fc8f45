import { createStore, useStore } from './store.ts';
import { readDevice, writeDevice } from './device-storage.ts';

/**
 * Installing the shop as an app (issue "a PWA that installs"): Chromium offers it through `beforeinstallprompt`,
 * which we keep and show as our own button; Safari on iOS has no prompt, so iOS gets a one-time hint instead.
 */

/** Chromium's event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  /** The browser lets us prompt now: show the install button. */
  canPrompt: boolean;
  /** Safari on iOS, not installed, hint not shown before: show how to add the shop to the home screen. */
  showIosHint: boolean;
}

/** localStorage: the shopper's answer to our prompt ('accepted' | 'dismissed:<ms>') and whether iOS saw the hint. */
const CHOICE_KEY = 'ofm-install-choice';
const IOS_HINT_KEY = 'ofm-install-ios-hint';
/** After "not now" the button stays away this long; Chromium's own install banner keeps the same quiet period. */
const DISMISS_QUIET_MS = 90 * 24 * 3600 * 1000;

const store = createStore<InstallState>({ canPrompt: false, showIosHint: false });
let deferred: BeforeInstallPromptEvent | undefined;

function isInstalled(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** True while an answer stored under CHOICE_KEY still holds: installed, or "not now" within the quiet period. */
export function answerHolds(choice: string | null, now: number): boolean {
  if (choice === 'accepted') return true;
  const dismissedAt = Number(choice?.startsWith('dismissed:') ? choice.slice('dismissed:'.length) : NaN);
  return Number.isFinite(dismissedAt) && now - dismissedAt < DISMISS_QUIET_MS;
}

/** iPhone and iPad Safari (iPadOS reports a Mac with touch); other iOS browsers cannot add to the home screen. */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

/**
 * Installed shoppers keep the shop's storage: the browser then never evicts the device's cart, queue and orders
 * under storage pressure (spec 001 §4 "Offline cache"; docs/offline-and-storage.md "The installable shop (PWA)"). Only a page can ask; a worker cannot.
 */
function keepStorageWhenInstalled(): void {
  if (!isInstalled() || !navigator.storage?.persist) return;
  void navigator.storage
    .persisted()
    .then((persisted) => persisted || navigator.storage.persist())
    .catch(() => undefined);
}

/** Listens from the start: Chromium fires `beforeinstallprompt` once, possibly before React has rendered. */
export function listenForInstall(): void {
  keepStorageWhenInstalled();
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our button asks instead of the browser's own mini-infobar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    if (!isInstalled() && !answerHolds(readDevice(CHOICE_KEY), Date.now()))
      store.set((s) => ({ ...s, canPrompt: true }));
  });
  window.addEventListener('appinstalled', () => {
    writeDevice(CHOICE_KEY, 'accepted');
    void navigator.storage?.persist?.().catch(() => undefined);
    deferred = undefined;
    store.set({ canPrompt: false, showIosHint: false });
  });
  if (isIosSafari() && !isInstalled() && readDevice(IOS_HINT_KEY) === null) {
    // Shown once: counted as seen as soon as it is on screen, so the next visit does not show it again.
    writeDevice(IOS_HINT_KEY, 'shown');
    store.set((s) => ({ ...s, showIosHint: true }));
  }
}

/** Shows the browser's install dialog and remembers the answer; the event can prompt only once. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = undefined;
  store.set((s) => ({ ...s, canPrompt: false }));
  await event.prompt();
  const { outcome } = await event.userChoice;
  writeDevice(CHOICE_KEY, outcome === 'accepted' ? 'accepted' : `dismissed:${Date.now()}`);
}

export function dismissIosHint(): void {
  store.set((s) => ({ ...s, showIosHint: false }));
}

export function useInstallState(): InstallState {
  return useStore(store);
}
