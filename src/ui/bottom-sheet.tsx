import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { DialogHeader, type DialogProps } from './modal.tsx';

/**
 * Spec 001 §2/§4/§9: closing hides, then removes after 400 ms; a swipe down of more than 100 px closes, and so does a
 * route change.
 */
export const SHEET_CLOSE_DELAY_MS = 400;
export const SHEET_SWIPE_CLOSE_PX = 100;

export function BottomSheet({ open, title, onClose, children }: DialogProps) {
  const [phase, setPhase] = useState<'closed' | 'open' | 'shown' | 'closing'>('closed');
  const startY = useRef<number | null>(null);
  const [drag, setDrag] = useState(0);
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);

  useEffect(() => {
    if (open) openedAt.current = pathname;
  }, [open]);
  useEffect(() => {
    if (open && pathname !== openedAt.current) onClose();
  }, [pathname]);

  useEffect(() => {
    if (open) {
      setPhase('open');
      const id = requestAnimationFrame(() => setPhase('shown'));
      document.body.style.overflow = 'hidden';
      return () => cancelAnimationFrame(id);
    }
    setPhase((p) => (p === 'closed' ? p : 'closing'));
    const id = setTimeout(() => setPhase('closed'), SHEET_CLOSE_DELAY_MS);
    document.body.style.overflow = '';
    return () => clearTimeout(id);
  }, [open]);

  if (phase === 'closed') return null;
  return (
    <div className={`sheet-overlay sheet-${phase}`} onClick={onClose}>
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        style={drag > 0 ? { transform: `translateY(${drag}px)` } : undefined}
        onClick={(e) => e.stopPropagation()}
        onTouchStart={(e) => (startY.current = e.touches[0].clientY)}
        onTouchMove={(e) => startY.current !== null && setDrag(Math.max(0, e.touches[0].clientY - startY.current))}
        onTouchEnd={() => {
          if (drag > SHEET_SWIPE_CLOSE_PX) onClose();
          setDrag(0);
          startY.current = null;
        }}
      >
        <div className="sheet-handle" aria-hidden="true" />
        <DialogHeader title={title} onClose={onClose} />
        {children}
      </div>
    </div>
  );
}
