import { t } from '../../lib/i18n/index.ts';
import { Button } from '../../ui/button.tsx';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import { Modal } from '../../ui/modal.tsx';
import type { SizeGuideProps } from './size-guide-table.tsx';
import { usePanelModal } from './panel-modal.ts';

// The table loads with the guide's first open (src/ui/lazy-panel.tsx).
const SizeGuideTable = lazyPanel(() => import('./size-guide-table.tsx').then((m) => m.SizeGuideTable));

/**
 * The size guide (spec 001 §2 "product detail with size guide"; the size panel of §4): the link and the panel with
 * this product's sizes in every size system.
 */
export function SizeGuide(props: SizeGuideProps) {
  const panel = usePanelModal('size');
  return (
    <>
      <Button variant="link" className="size-guide-link" aria-haspopup="dialog" onClick={panel.show}>
        {t('Size guide')}
      </Button>
      <Modal open={panel.open} title={t('Size guide')} onClose={panel.hide}>
        <p className="muted">{t('The sizes of this product in every size system.')}</p>
        {panel.open ? <SizeGuideTable {...props} /> : null}
      </Modal>
    </>
  );
}
