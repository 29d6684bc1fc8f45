import { RadioGroup } from '../../ui/field.tsx';
import type { CheckoutDraft, StepProps } from './checkout-draft.ts';
import { StepError } from './step-error.tsx';

/** A step that is one choice among what the server offers (shipping method, payment method). */
export function ChoiceStep({
  field,
  legend,
  options,
  draft,
  onChange,
  error,
}: StepProps & {
  field: 'shipping' | 'payment';
  legend: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div className="checkout-step" data-step={field}>
      <RadioGroup
        legend={legend}
        name={field}
        value={draft[field]}
        onChange={(value) => onChange({ [field]: value } as Partial<CheckoutDraft>)}
        options={options}
      >
        <StepError message={error} />
      </RadioGroup>
    </div>
  );
}
