import type { ShippingMethod } from '../../../worker/api-types.ts';
import { formatPrice, toCents } from '../../../domain/money.ts';
import { t } from '../../lib/i18n/index.ts';
import type { StepProps } from './checkout-draft.ts';
import { ChoiceStep } from './choice-step.tsx';

/** The method's radio value, `carrier_code:method_code`. */
export const shippingChoice = (m: Pick<ShippingMethod, 'carrier_code' | 'method_code'>) =>
  `${m.carrier_code}:${m.method_code}`;

/** A server method's label carries its price for this cart (free once the threshold is reached). */
const label = (m: ShippingMethod) =>
  m.is_server_method
    ? `${m.method_title} — ${m.price_incl_tax ? formatPrice(toCents(m.price_incl_tax)) : t('Free')}`
    : m.method_title;

/**
 * Step 3, the shipping method, from the methods the server offers for the address's country (spec 000 §5: only
 * available ones). A controlled piece: the delivery work's pickers (service point, Budbee, store) slot in here.
 */
export function ShippingStep({ methods, ...step }: StepProps & { methods: ShippingMethod[] }) {
  return (
    <ChoiceStep
      {...step}
      field="shipping"
      legend={t('Shipping')}
      options={methods.map((m) => [shippingChoice(m), label(m)] as const)}
    />
  );
}
