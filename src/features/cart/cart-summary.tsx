import type { CartState } from '../../../worker/api-types.ts';
import { formatPrice, toCents } from '../../../domain/money.ts';
import { t } from '../../lib/i18n/index.ts';

/** Totals from the server once synced; before that the local sum of the lines (prices include tax). */
export function CartSummary({ cart }: { cart: CartState }) {
  const local = cart.items.reduce((sum, i) => sum + toCents(Number(i.price_incl_tax ?? i.product?.price_incl_tax ?? 0)) * i.qty, 0);
  const pt = cart.totals?.platformTotals as Record<string, number | undefined> | null | undefined;
  const cents = (v: number | undefined, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? toCents(v) : fallback);
  const subtotal = cents(pt?.subtotal_incl_tax, local);
  const shipping = cents(pt?.shipping_incl_tax, 0);
  const discount = cents(pt?.discount_amount, 0);
  const total = cents(pt?.grand_total, subtotal + shipping - Math.abs(discount));
  return (
    <dl className="cart-summary">
      <dt>{t('Subtotal')}</dt>
      <dd>{formatPrice(subtotal)}</dd>
      {discount ? (
        <>
          <dt>{cart.coupon ?? t('Coupon code')}</dt>
          <dd>-{formatPrice(Math.abs(discount))}</dd>
        </>
      ) : null}
      <dt>{t('Shipping')}</dt>
      <dd>{shipping ? formatPrice(shipping) : t('Free')}</dd>
      <dt className="cart-summary-total">{t('Total')}</dt>
      <dd className="cart-summary-total">{formatPrice(total)}</dd>
    </dl>
  );
}
