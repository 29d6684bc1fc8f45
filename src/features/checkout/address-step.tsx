import { t } from '../../lib/i18n/index.ts';
import { SelectField } from '../../ui/field.tsx';
import type { StepProps } from './checkout-draft.ts';
import { DraftField } from './draft-field.tsx';
import { StepError } from './step-error.tsx';

const COUNTRIES = [
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
] as const;

/** Step 2, the delivery address (NL or BE). A controlled piece: the address form of the delivery work slots in here. */
export function AddressStep({ draft, onChange, error }: StepProps) {
  const bound = { draft, onChange };
  return (
    <fieldset className="checkout-step" data-step="address">
      <legend>{t('Delivery address')}</legend>
      <div className="field-row">
        <DraftField {...bound} field="postcode" label={t('Postcode')} autoComplete="postal-code" required />
        <DraftField {...bound} field="housenumber" label={t('House number')} required />
      </div>
      <DraftField {...bound} field="street" label={t('Street')} autoComplete="address-line1" required />
      <DraftField {...bound} field="city" label={t('City')} autoComplete="address-level2" required />
      <SelectField
        name="country"
        label={t('Country')}
        options={COUNTRIES}
        value={draft.country}
        onChange={(e) => onChange({ country: e.target.value })}
      />
      <StepError message={error} />
    </fieldset>
  );
}
