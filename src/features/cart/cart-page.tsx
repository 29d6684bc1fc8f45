import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useCommand } from '../../lib/use-command.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyCartPage } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { CartLines } from './cart-lines.tsx';
import { TotalsSummary } from '../../ui/totals-summary.tsx';
import { Recommendations } from '../../ui/recommendations.tsx';

function CouponForm({ active }: { active: string | null }) {
  const [code, setCode] = useState('');
  const apply = useCommand((c: string) => shop().applyCoupon(c));
  const remove = useCommand(() => shop().removeCoupon());
  if (active) {
    return (
      <p className="coupon-active">
        {t('Coupon code')}: <strong>{active}</strong>{' '}
        <button type="button" className="btn btn-link" onClick={() => void remove.run()}>
          {t('Remove')}
        </button>
      </p>
    );
  }
  return (
    <form
      className="coupon-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) void apply.run(code.trim());
      }}
    >
      <label htmlFor="coupon-code">{t('Coupon code')}</label>
      <div className="inline-field">
        <input id="coupon-code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" />
        <Button type="submit" variant="secondary" disabled={apply.pending}>
          {t('Apply')}
        </Button>
      </div>
    </form>
  );
}

export function CartPage() {
  const cart = useLiveQuery({ name: 'cart' });
  const online = useOnline();
  useDocumentTitle(t('Cart'));
  if (!cart) return <Loader />;
  if (!cart.items.length)
    return <EmptyCartPage text={t('Discover our new collection and find your favourite outfit.')} />;
  return (
    <div className="page cart-page">
      <h1>{t('Cart')}</h1>
      <div className="cart-layout">
        <CartLines items={cart.items} />
        <aside className="cart-aside">
          <CouponForm active={cart.coupon} />
          <TotalsSummary totals={cart.totals} provisional={cart.totals.provisional || !online} />
          <Link to="/checkout" className="btn btn-primary btn-block">
            {t('Proceed to checkout')}
          </Link>
        </aside>
      </div>
      <Recommendations cart={cart.items.map((i) => i.parentSku ?? i.sku)} />
    </div>
  );
}
