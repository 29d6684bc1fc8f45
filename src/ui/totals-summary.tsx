import type { TotalsSegments } from '../../domain/cart/totals-rule.ts';
import { formatPrice } from '../../domain/money.ts';
import { t } from '../lib/i18n/index.ts';

/** How the shipping segment reads: "Gratis" only when free, "vanaf € 4,95" while no method is chosen. */
function shippingText(shipping: TotalsSegments['shipping']): string {
  switch (shipping.kind) {
    case 'free':
      return t('Free');
    case 'from':
      return t('from {amount}', { amount: formatPrice(shipping.cents) });
    case 'chosen':
      return formatPrice(shipping.cents);
    case 'unknown':
      return t('Not known yet');
  }
}

/**
 * The totals of the shop's one rule (domain/cart/totals-rule.ts), drawn the same on the cart page, in the mini cart
 * and in the checkout summary: subtotal, a discount per coupon, shipping, total, VAT, and with a gift card what it
 * pays and what is left to pay. Provisional figures (offline,
 * or changed since the server priced the cart) say "voorlopig" next to the total.
 */
export function TotalsSummary({
  totals,
  provisional = totals.provisional,
  busy = false,
  className = 'cart-summary',
}: {
  totals: TotalsSegments;
  /** The caller knows more (offline, or the checkout's totals not yet for this choice). */
  provisional?: boolean;
  busy?: boolean;
  className?: string;
}) {
  return (
    <dl className={className} data-testid="totals" aria-busy={busy}>
      <dt>{t('Subtotal')}</dt>
      <dd data-testid="totals-subtotal">{formatPrice(totals.subtotal)}</dd>
      {totals.discounts.map((d, i) => (
        <div key={`${d.code ?? ''}-${i}`} className="cart-summary-row">
          <dt>{d.code ? t('Discount ({code})', { code: d.code }) : t('Discount')}</dt>
          <dd data-testid="totals-discount">-{formatPrice(d.cents)}</dd>
        </div>
      ))}
      <dt>{t('Shipping')}</dt>
      <dd data-testid="totals-shipping">{shippingText(totals.shipping)}</dd>
      {totals.paymentFee ? (
        <>
          <dt>{t('Payment costs')}</dt>
          <dd>{formatPrice(totals.paymentFee)}</dd>
        </>
      ) : null}
      <dt className="cart-summary-total">{t('Total')}</dt>
      <dd className="cart-summary-total" data-testid="totals-total">
        {formatPrice(totals.total)}
        {provisional ? <span className="totals-provisional"> ({t('provisional')})</span> : null}
      </dd>
      {totals.vat !== null ? (
        <>
          <dt className="checkout-tax">{t('Including VAT')}</dt>
          <dd className="checkout-tax" data-testid="totals-vat">
            {formatPrice(totals.vat)}
          </dd>
        </>
      ) : null}
      {totals.giftCard ? (
        <>
          <dt>{t('Gift card {number}', { number: totals.giftCard.number })}</dt>
          <dd data-testid="totals-gift-card">-{formatPrice(totals.giftCard.cents)}</dd>
          <dt className="cart-summary-total">{t('To pay')}</dt>
          <dd className="cart-summary-total" data-testid="totals-to-pay">
            {formatPrice(totals.toPay)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
