import type { ShippingChoice } from '../../../worker/api-types.ts';
import type { StepProps } from './checkout-draft.ts';
import { DeliveryChoice } from './delivery-choice.tsx';

/**
 * Step 3, the shipping method for the address's country with its point or store (spec 000 §5, 001 §1, §5).
 * `postcode` is null while the address is not complete (the methods wait for it).
 */
export function ShippingStep({
  draft,
  onChange,
  error,
  country,
  postcode,
}: StepProps & { country: string; postcode: string | null }) {
  return (
    <div className="checkout-step" data-step="shipping">
      <DeliveryChoice
        country={country}
        postcode={postcode}
        value={draft.shipping}
        onChange={(shipping: ShippingChoice) => onChange({ shipping })}
        error={error}
      />
    </div>
  );
}
