import { useEffect } from 'react';
import { closePanel, openPanel, panelStore, useOpenPanel, type Panel } from '../../lib/panels.ts';

/**
 * A product-page modal that is one of the shell's panels (spec 001 §4 "only one of … size panel, stock panel open at
 * a time"). Hiding closes the panel only while it is this one: the dialog's close event also fires when another panel
 * took its place, and must not close that one. Leaving the page closes it, so no panel outlives its page.
 */
export function usePanelModal(panel: Panel) {
  const open = useOpenPanel() === panel;
  const hide = () => {
    if (panelStore.get() === panel) closePanel();
  };
  useEffect(
    () => () => {
      if (panelStore.get() === panel) closePanel();
    },
    [panel],
  );
  return { open, show: () => openPanel(panel), hide };
}

/**
 * The same rule for a product-page modal of the named-modal registry (src/lib/modals.ts): while it is open it is the
 * shell's panel, and another panel taking its place closes it.
 */
export function usePanelOfModal(panel: Panel, onClose: () => void) {
  useEffect(() => {
    openPanel(panel);
    const unsubscribe = panelStore.subscribe(() => {
      if (panelStore.get() !== panel) onClose();
    });
    return () => {
      unsubscribe();
      if (panelStore.get() === panel) closePanel();
    };
  }, [panel]);
}
