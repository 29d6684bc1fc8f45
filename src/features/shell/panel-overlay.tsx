import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { closePanel, useOpenPanel } from '../../lib/panels.ts';

/**
 * The overlay of the panels (spec 001 §4): microcart, side menu, search, size and stock panel share one state
 * (src/lib/panels.ts), so one is open at a time and the overlay with it. A tap on the overlay, Escape or a route change
 * closes the open panel. Each panel sits above it (z-index, docs/shell-and-stores.md).
 */
export function PanelOverlay() {
  const open = useOpenPanel();
  const { pathname } = useLocation();
  useEffect(() => closePanel, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closePanel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return open ? <div className="overlay" onClick={closePanel} aria-hidden="true" /> : null;
}
