import { t } from '../../lib/i18n/index.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { Button } from '../../ui/button.tsx';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import { Loader } from '../../ui/loader.tsx';
import { Modal } from '../../ui/modal.tsx';

// The steps load with the modal's first open (src/ui/lazy-panel.tsx).
const TexTracerSteps = lazyPanel(() => import('./tex-tracer-steps.tsx').then((m) => m.TexTracerSteps), <Loader />);

/**
 * The tex tracer (spec 001 §2 "Modals that can be opened by name: … tex tracer"; §1 "a product-journey view"): where
 * the garment was made, step by step; the modal host draws it for `openModal('tex-tracer', { sku, name })`.
 */
export function TexTracerModal({ open, onClose, payload: { sku, name } }: ModalProps<'tex-tracer'>) {
  return (
    <Modal open={open} title={t('Where {name} was made', { name })} onClose={onClose}>
      <p className="muted">{t('From yarn to garment: every step and where it took place.')}</p>
      {open ? <TexTracerSteps sku={sku} /> : null}
    </Modal>
  );
}

/** The product page's button that opens the tex tracer. */
export function TexTracerButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button variant="secondary" className="tex-tracer-open" aria-haspopup="dialog" onClick={onOpen}>
      {t('Where was this made?')}
    </Button>
  );
}
