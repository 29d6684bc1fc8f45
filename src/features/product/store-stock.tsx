import { t } from '../../lib/i18n/index.ts';
import { Button } from '../../ui/button.tsx';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import { Loader } from '../../ui/loader.tsx';
import { Modal } from '../../ui/modal.tsx';
import { usePanelModal } from './panel-modal.ts';

// The list loads with the panel's first open (src/ui/lazy-panel.tsx).
const StoreStockList = lazyPanel(() => import('./store-stock-list.tsx').then((m) => m.StoreStockList), <Loader />);

/**
 * Store stock (spec 001 §2 "product detail with … store stock"; the stock panel of §4): the button and the panel with
 * every store's stock of the chosen size.
 */
export function StoreStockPanel({ sku, sizeLabel }: { sku: string; sizeLabel: string | null }) {
  const panel = usePanelModal('stock');
  return (
    <>
      <Button variant="secondary" className="store-stock-open" aria-haspopup="dialog" onClick={panel.show}>
        {t('Check stock in our stores')}
      </Button>
      <Modal open={panel.open} title={t('Stock in our stores')} onClose={panel.hide}>
        {sizeLabel ? <p className="muted">{t('Size {size} per store', { size: sizeLabel })}</p> : null}
        {panel.open ? <StoreStockList sku={sku} /> : null}
      </Modal>
    </>
  );
}
