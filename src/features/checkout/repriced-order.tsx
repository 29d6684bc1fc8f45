import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AmountChange, PlacedOrder, RepricingView } from '../../../worker/api-types.ts';
import { formatPrice } from '../../../domain/money.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { t } from './checkout-texts.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';

/** One total that changed, as "was €…, now €…"; unchanged totals are not listed. */
function TotalChange({ label, change }: { label: MessageKey; change: AmountChange }) {
  if (change.was === change.now) return null;
  return (
    <>
      <dt>{t(label)}</dt>
      <dd>{t('was {was}, now {now}', { was: formatPrice(change.was), now: formatPrice(change.now) })}</dd>
    </>
  );
}

function LineChange({ line }: { line: RepricingView['lines'][number] }) {
  return (
    <li className="repriced-line" data-sku={line.sku}>
      <span>
        {line.qty} × {line.name}
      </span>{' '}
      {line.soldOut ? (
        <strong className="field-error">
          {t('Sold out')}: {t('Unfortunately this product has been sold out; remove it from the cart.')}
        </strong>
      ) : line.was !== null && line.now !== null ? (
        <span>{t('was {was}, now {now}', { was: formatPrice(line.was), now: formatPrice(line.now) })}</span>
      ) : null}
    </li>
  );
}

/**
 * Spec 001 §8: the server priced the order when it arrived and its amounts differ from the summary the shopper
 * agreed to, so nothing was placed. Every difference, and the two ways on: the same order (same order_id) at the new
 * total, or cancelled with its lines back in the cart (sold-out lines marked).
 */
export function RepricedOrder({ order, repricing }: { order: PlacedOrder; repricing: RepricingView }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (run: () => Promise<{ ok: boolean; messageKey?: string }>, after?: () => void) => {
    setBusy(true);
    const result = await run();
    setBusy(false);
    if (!result.ok)
      return setError(result.messageKey ?? 'Error placing an order; something went wrong with the order.');
    after?.();
  };
  return (
    <div className="page">
      <section className="empty-state repriced-order" data-order={order.order_id}>
        <h1>
          {t(
            repricing.soldOut
              ? 'Some of the ordered products are not available.'
              : 'The prices in the cart have changed.',
          )}
        </h1>
        <p role="status">{t('Your order has not been placed and nothing has been charged.')}</p>
        {repricing.lines.length ? (
          <ul className="repriced-lines">
            {repricing.lines.map((line, i) => (
              <LineChange key={`${line.sku}-${i}`} line={line} />
            ))}
          </ul>
        ) : null}
        <dl className="cart-summary repriced-totals">
          <TotalChange label="Shipping" change={repricing.shipping} />
          <TotalChange label="Discount" change={repricing.discount} />
          <TotalChange label="Total" change={repricing.grandTotal} />
        </dl>
        <div className="modal-actions">
          {repricing.placeable ? (
            <Button disabled={busy} onClick={() => void choose(() => shop().placeAtNewPrices(order.order_id))}>
              {t('Place the order at the new total of {amount}', { amount: formatPrice(repricing.grandTotal.now) })}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void choose(
                () => shop().cancelOrder(order.order_id),
                () => {
                  notify({
                    type: 'success',
                    message: 'Your order has been cancelled. Its products are back in your cart.',
                  });
                  void navigate({ to: '/winkelwagen/' });
                },
              )
            }
          >
            {t('Cancel the order')}
          </Button>
        </div>
        {error ? <p className="field-error">{t(error)}</p> : null}
      </section>
    </div>
  );
}
