import type { CartState } from '../../../worker/api-types.ts';
import { formatPrice } from '../../../domain/money.ts';
import { t } from '../../lib/i18n/index.ts';

/** The cart's totals in cents as the worker built them (server totals once synced, else the lines' own sum). */
export function CartSummary({ cart }: { cart: CartState }) {
  const { subtotal, discount, shipping, grandTotal } = cart.totals;
  return (
    <dl className="cart-summary">
      <dt>{t('Subtotal')}</dt>
      <dd>{formatPrice(subtotal)}</dd>
      {discount ? (
        <>
          <dt>{cart.coupon ?? t('Coupon code')}</dt>
          <dd>-{formatPrice(discount)}</dd>
        </>
      ) : null}
      <dt>{t('Shipping')}</dt>
      <dd>{shipping ? formatPrice(shipping) : t('Free')}</dd>
      <dt className="cart-summary-total">{t('Total')}</dt>
      <dd className="cart-summary-total">{formatPrice(grandTotal)}</dd>
    </dl>
  );
}
