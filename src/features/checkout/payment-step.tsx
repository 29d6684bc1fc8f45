import type { PaymentMethod } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import type { StepProps } from './checkout-draft.ts';
import { ChoiceStep } from './choice-step.tsx';

/** Step 4, the payment method, from the methods the server offers for the cart's country. */
export function PaymentStep({ methods, ...step }: StepProps & { methods: PaymentMethod[] }) {
  return (
    <ChoiceStep
      {...step}
      field="payment"
      legend={t('Payment methods')}
      options={methods.map((p) => [p.code, p.title] as const)}
    />
  );
}
