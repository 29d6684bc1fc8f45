import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '../lib/i18n/index.ts';

/** What both modal systems (this one and the bottom sheet, spec 001 §2) take. */
export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The title bar of both modal systems: the title and a close button. */
export function DialogHeader({ title, onClose }: Pick<DialogProps, 'title' | 'onClose'>) {
  return (
    <header className="modal-header">
      <h2>{title}</h2>
      <button type="button" className="icon-btn" aria-label={t('Close')} onClick={onClose}>
        ×
      </button>
    </header>
  );
}

/** A general modal on the native <dialog>: focus trap, Escape and backdrop close come from the platform. */
export function Modal({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // what had focus when it opened: the platform gives focus back on close(), not when an open dialog is removed
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
    }
    if (!open && d.open) d.close();
  }, [open]);
  // A named modal (src/lib/modals.ts) is removed while open when it closes: focus goes back to its opener then.
  useEffect(
    () => () => {
      const back = opener.current;
      if (back?.isConnected && document.activeElement === document.body) back.focus();
    },
    [],
  );
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-label={title}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal-body">
        <DialogHeader title={title} onClose={onClose} />
        {children}
      </div>
    </dialog>
  );
}
