import type { TotalsSegments } from '../../../domain/cart/totals-rule.ts';
import { formatPrice } from '../../../domain/money.ts';
import type { PaymentMethod } from '../../../worker/api-types.ts';
import { t } from './checkout-texts.ts';
import { shop } from '../../lib/shop.ts';
import { useCommand } from '../../lib/use-command.ts';
import { RadioGroup } from '../../ui/field.tsx';
import { GiftCardForm } from '../../ui/gift-card-form.tsx';
import type { StepProps } from './checkout-draft.ts';
import { StepError } from './step-error.tsx';

/** The seeded "Achteraf betalen met Riverty": its instalment terms (spec 001 §9) show once it is chosen. */
const RIVERTY = 'riverty';
/** The seeded "Cadeaukaart": it asks the card's number and PIN (docs/checkout-and-orders.md "Gift cards"). */
const GIFT_CARD = 'giftcard';

/**
 * Step 4, the payment method, from the methods the server offers for the address's country. "Cadeaukaart" asks the
 * card; once a card pays the cart it shows what it pays, and what another method must pay when it is not enough.
 */
export function PaymentStep({
  draft,
  onChange,
  error,
  methods,
  totals,
}: StepProps & { methods: PaymentMethod[]; totals: TotalsSegments }) {
  return (
    <div className="checkout-step" data-step="payment">
      <RadioGroup
        legend={t('Payment methods')}
        name="payment"
        value={draft.payment}
        onChange={(payment) => onChange({ payment })}
        options={methods.map((p) => [p.code, p.title] as const)}
      >
        <StepError message={error} />
      </RadioGroup>
      {draft.payment === RIVERTY ? (
        <p className="checkout-hint" data-testid="riverty-terms">
          {t(
            'Pay later with Riverty in three instalments: the first within 30 days, the second after 60 and the third after 90 days.',
          )}
        </p>
      ) : null}
      {draft.payment === GIFT_CARD || totals.giftCard ? <GiftCardPayment totals={totals} /> : null}
    </div>
  );
}

function GiftCardPayment({ totals }: { totals: TotalsSegments }) {
  const remove = useCommand(() => shop().removeGiftCard());
  const card = totals.giftCard;
  if (!card) return <GiftCardForm mode="apply" />;
  return (
    <div className="gift-card-applied" data-testid="gift-card-applied">
      <p className="checkout-hint">
        {totals.toPay > 0
          ? t('Your gift card pays {amount}. Choose a payment method for the rest: {rest}.', {
              amount: formatPrice(card.cents),
              rest: formatPrice(totals.toPay),
            })
          : t('Your gift card pays the whole order.')}
      </p>
      <button
        type="button"
        className="btn btn-link"
        aria-busy={remove.pending || undefined}
        onClick={() => void remove.run()}
      >
        {t('Remove gift card')}
      </button>
    </div>
  );
}
