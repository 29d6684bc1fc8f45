import { t } from '../../lib/i18n/index.ts';
import type { ModalProps } from '../../lib/modals.ts';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import { Modal } from '../../ui/modal.tsx';
import { usePanelOfModal } from './panel-modal.ts';

// The table loads with the guide's first open (src/ui/lazy-panel.tsx).
const SizeGuideTable = lazyPanel(() => import('./size-guide-table.tsx').then((m) => m.SizeGuideTable));

/** The named modal 'size-guide' (the size panel of spec 001 §4): the product's sizes in every size system. */
export function SizeGuideModal({ payload, onClose }: ModalProps<'size-guide'>) {
  usePanelOfModal('size', onClose);
  return (
    <Modal open title={t('Size guide')} onClose={onClose}>
      <p className="muted">{t('The sizes of this product in every size system.')}</p>
      <SizeGuideTable {...payload} />
    </Modal>
  );
}
