import type { PaymentMethod } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import { RadioGroup } from '../../ui/field.tsx';
import type { StepProps } from './checkout-draft.ts';
import { StepError } from './step-error.tsx';

/** The seeded "Achteraf betalen met Riverty": its instalment terms (spec 001 §9) show once it is chosen. */
const RIVERTY = 'riverty';

/** Step 4, the payment method, from the methods the server offers for the address's country. */
export function PaymentStep({ draft, onChange, error, methods }: StepProps & { methods: PaymentMethod[] }) {
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
    </div>
  );
}
