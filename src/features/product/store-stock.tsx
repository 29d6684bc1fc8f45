import { Link } from '@tanstack/react-router';
import type { StoreStock } from '../../../contract/store.ts';
import { t } from '../../lib/i18n/index.ts';
import { fetchStoreStock } from '../../lib/stores.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { Modal } from '../../ui/modal.tsx';
import { STOCK_STATE_LABELS, stockState } from '../../../domain/catalog/stock-state.ts';
import { usePanelModal } from './panel-modal.ts';

const storeState = (s: StoreStock) => stockState({ is_in_stock: s.qty > 0, qty: s.qty });

/**
 * Store stock (spec 001 §2 "product detail with … store stock"; the stock panel of §4): every store with the stock state
 * of the chosen size there (spec 001 §4 stock states), the stores that hold it first. Read fresh each time the panel
 * opens, from the branch stock (`GET /api/stock/stores`); offline it says it cannot.
 */
export function StoreStockPanel({ sku, sizeLabel }: { sku: string; sizeLabel: string | null }) {
  const panel = usePanelModal('stock');
  const stock = useAsync(panel.open ? sku : null, () => fetchStoreStock(sku));
  const stores = [...(stock.data ?? [])].sort(
    (a, b) => Number(storeState(a) === 'out_of_stock') - Number(storeState(b) === 'out_of_stock'),
  );
  return (
    <>
      <Button variant="secondary" className="store-stock-open" aria-haspopup="dialog" onClick={panel.show}>
        {t('Check stock in our stores')}
      </Button>
      <Modal open={panel.open} title={t('Stock in our stores')} onClose={panel.hide}>
        {sizeLabel ? <p className="muted">{t('Size {size} per store', { size: sizeLabel })}</p> : null}
        {stock.status === 'loading' ? <Loader /> : null}
        {stock.status === 'error' ? (
          <div role="alert">
            <p>{t('The stock in our stores cannot be loaded. Check your connection and try again.')}</p>
            <Button variant="secondary" onClick={stock.reload}>
              {t('Try again')}
            </Button>
          </div>
        ) : null}
        {stock.status === 'success' ? (
          <ul className="store-stock-list">
            {stores.map((s) => {
              const state = storeState(s);
              return (
                <li key={s.slug}>
                  <Link to={`/w/winkels/${s.slug}`}>{s.name}</Link>
                  <span className={`stock stock-${state}`}>{t(STOCK_STATE_LABELS[state])}</span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </Modal>
    </>
  );
}
