import type { ReactNode } from 'react';
import type { CartTotalsView, ShippingMethod } from '../../../worker/api-types.ts';
import { formatPrice, toCents } from '../../../domain/money.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { t } from './checkout-texts.ts';
import { openModal } from '../../lib/modals.ts';
import { Button } from '../../ui/button.tsx';
import type { StepProps } from './checkout-draft.ts';
import { StepError } from './step-error.tsx';
import { TotalsSummary } from '../../ui/totals-summary.tsx';
import { shippingCentsOf } from '../../../domain/cart/totals-rule.ts';

/**
 * The summary's totals are the charged ones, or provisional: offline, not yet answered for this choice, or refused
 * for it (the refusal shows on the step it concerns).
 */
export type TotalsState = 'server' | 'calculating' | 'offline' | 'refused';

/** What the summary says of provisional totals, by why they are provisional. */
const PROVISIONAL_HINTS: Record<Exclude<TotalsState, 'server'>, MessageKey> = {
  offline: 'You are offline: these totals are provisional. The final amount is calculated when the order is sent.',
  refused: 'The totals could not be calculated for this choice.',
  calculating: 'Calculating the totals…',
};

/**
 * Spec 000 §5/§7: the server's segments for the chosen address and methods — the amount shown is the amount charged —
 * drawn by the cart's one totals component. The free-shipping threshold shows only where it applies: the chosen
 * method has one and the goods are below it.
 */
function Totals({
  totals,
  state,
  shipping,
}: {
  totals: CartTotalsView;
  state: TotalsState;
  shipping: ShippingMethod | null;
}) {
  const freeFrom = shipping?.free_from ? toCents(shipping.free_from) : null;
  return (
    <>
      <TotalsSummary
        className="cart-summary checkout-totals"
        totals={totals}
        provisional={state !== 'server'}
        busy={state === 'calculating'}
      />
      {freeFrom !== null && shippingCentsOf(totals.shipping) > 0 ? (
        <p className="checkout-hint">{t('Free shipping from {amount}', { amount: formatPrice(freeFrom) })}</p>
      ) : null}
      {state === 'server' ? null : (
        <p className="checkout-hint" role="status">
          {t(PROVISIONAL_HINTS[state])}
        </p>
      )}
    </>
  );
}

/**
 * A page of the consent line: it opens as the named modal on the checkout (spec 001 §2 "terms and conditions",
 * "privacy statement"), so the form keeps everything typed; the link itself still names the page.
 */
function ConsentLink({ name, href, text }: { name: 'terms' | 'privacy'; href: string; text: string }) {
  return (
    <a
      href={href}
      aria-haspopup="dialog"
      onClick={(e) => {
        e.preventDefault();
        openModal(name);
      }}
    >
      {text}
    </a>
  );
}

/** Step 5, the summary: the lines, the true totals, the terms (required, spec 001 §5) and the order button. */
export function SummaryStep({
  draft,
  onChange,
  error,
  lines,
  totals,
  totalsState,
  shipping,
  placing,
}: StepProps & {
  lines: ReactNode;
  totals: CartTotalsView;
  totalsState: TotalsState;
  shipping: ShippingMethod | null;
  placing: boolean;
}) {
  return (
    <section className="checkout-step checkout-summary" data-step="summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('Summary')}</h2>
      {lines}
      <Totals totals={totals} state={totalsState} shipping={shipping} />
      <div className="field field-check">
        <label>
          <input
            type="checkbox"
            name="terms"
            required
            checked={draft.termsAccepted}
            onChange={(e) => onChange({ termsAccepted: e.target.checked })}
          />{' '}
          {t('I accept the')}{' '}
          <ConsentLink name="terms" href="/algemene-voorwaarden/" text={t('terms and conditions')} /> {t('and the')}{' '}
          <ConsentLink name="privacy" href="/privacy" text={t('privacy statement')} />
        </label>
      </div>
      <StepError message={error} />
      <Button type="submit" className="btn-block" disabled={placing}>
        {placing ? t('Placing your order…') : t('Place order')}
      </Button>
    </section>
  );
}
