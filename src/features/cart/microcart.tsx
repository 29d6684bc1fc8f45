import { Link } from '@tanstack/react-router';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { useOnline } from '../../lib/online.ts';
import { closePanel, useOpenPanel } from '../../lib/panels.ts';
import { TotalsSummary } from '../../ui/totals-summary.tsx';
import { Loader } from '../../ui/loader.tsx';
import { CartLines } from './cart-lines.tsx';

/** The microcart drawer, one of the shell's panels (src/lib/panels.ts; the overlay is the shell's). */
export function Microcart() {
  const open = useOpenPanel();
  const cart = useLiveQuery(open ? { name: 'cart' } : null);
  const isOpen = open === 'microcart';
  const online = useOnline();
  return (
    <>
      {isOpen ? (
        <aside className="microcart" role="dialog" aria-modal="true" aria-label={t('Cart')}>
          <header className="modal-header">
            <h2>{t('Cart')}</h2>
            <button type="button" className="icon-btn" aria-label={t('Close')} onClick={closePanel}>
              ×
            </button>
          </header>
          {/* until the worker has answered, the cart is unknown, not empty */}
          {!cart ? (
            <Loader />
          ) : cart.items.length ? (
            <>
              <CartLines items={cart.items} />
              <div className="microcart-footer">
                <TotalsSummary totals={cart.totals} provisional={cart.totals.provisional || !online} />
                <Link to="/winkelwagen/" className="btn btn-secondary" onClick={closePanel}>
                  {t('Cart')}
                </Link>
                <Link to="/checkout" className="btn btn-primary" onClick={closePanel}>
                  {t('Proceed to checkout')}
                </Link>
              </div>
            </>
          ) : (
            <div className="empty-state">
              <p>{t('Your cart is empty')}</p>
              <button type="button" className="btn btn-primary" onClick={closePanel}>
                {t('Continue shopping')}
              </button>
            </div>
          )}
        </aside>
      ) : null}
    </>
  );
}
