import { Link } from '@tanstack/react-router';
import type { StoreStock } from '../../../contract/store.ts';
import { t } from '../../lib/i18n/index.ts';
import { fetchStoreStock } from '../../lib/stores.ts';
import { useAsync } from '../../lib/use-async.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { Loader } from '../../ui/loader.tsx';
import { STOCK_STATE_LABELS, stockState } from '../../../domain/catalog/stock-state.ts';

const storeState = (s: StoreStock) => stockState({ is_in_stock: s.qty > 0, qty: s.qty });

/**
 * Every store with the stock state of one size there (spec 001 §4 stock states), the stores that hold it first. Read
 * fresh each time it is shown (the panel mounts it on open), from the branch stock (`GET /api/stock/stores`); offline
 * it says it cannot.
 */
export function StoreStockList({ sku }: { sku: string }) {
  const stock = useAsync(`store-stock:${sku}`, () => fetchStoreStock(sku));
  const stores = [...(stock.data ?? [])].sort(
    (a, b) => Number(storeState(a) === 'out_of_stock') - Number(storeState(b) === 'out_of_stock'),
  );
  return (
    <>
      {stock.status === 'loading' ? <Loader /> : null}
      {stock.status === 'error' ? (
        <LoadFailed
          message={t('The stock in our stores cannot be loaded. Check your connection and try again.')}
          onRetry={stock.reload}
        />
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
    </>
  );
}
