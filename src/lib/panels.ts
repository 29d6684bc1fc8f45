import { createStore, useStore } from './store.ts';

/** Spec 001 §4: only one of these is open at a time, and opening one sets the overlay. */
export type Panel = 'microcart' | 'sidemenu' | 'search' | 'size' | 'stock';

export const panelStore = createStore<Panel | null>(null);

export function openPanel(panel: Panel): void {
  panelStore.set(panel);
}

export function closePanel(): void {
  panelStore.set(null);
}

export function togglePanel(panel: Panel): void {
  panelStore.set((p) => (p === panel ? null : panel));
}

export function useOpenPanel(): Panel | null {
  return useStore(panelStore);
}
