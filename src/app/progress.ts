import { createStore } from '../lib/store.ts';

/** Spec 001 §4/§9: the bar starts (up to 40 %) before every route change and finishes after it. */
export const PROGRESS_START = 40;

export const progressStore = createStore<{ value: number; visible: boolean }>({ value: 0, visible: false });
let hideTimer: ReturnType<typeof setTimeout> | undefined;

export function startProgress(): void {
  clearTimeout(hideTimer);
  progressStore.set({ value: PROGRESS_START, visible: true });
}

export function finishProgress(): void {
  if (!progressStore.get().visible) return;
  progressStore.set({ value: 100, visible: true });
  hideTimer = setTimeout(() => progressStore.set({ value: 0, visible: false }), 250);
}
