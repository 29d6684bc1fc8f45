import type { Errors } from '../../lib/address-form.ts';
import { t } from '../../lib/i18n/index.ts';
import { AddressFields, SavedAddressChoice, type SavedAddress } from './address-fields.tsx';
import type { StepProps } from './checkout-draft.ts';
import { StepError } from './step-error.tsx';

/**
 * Step 2, the delivery address (a country the shop delivers to, from the directory): a member's saved address or a new one, checked with the domain's rules
 * (`errors`, message keys per field; spec 001 §5).
 */
export function AddressStep({
  draft,
  onChange,
  error,
  addresses,
  errors,
}: StepProps & { addresses: SavedAddress[]; errors: Errors }) {
  const typed = !addresses.some((a) => a.id === draft.savedAddressId);
  return (
    <fieldset className="checkout-step" data-step="address">
      <legend>{t('Delivery address')}</legend>
      {addresses.length ? (
        <SavedAddressChoice
          addresses={addresses}
          value={draft.savedAddressId}
          onChange={(savedAddressId) => onChange({ savedAddressId })}
        />
      ) : null}
      {typed ? (
        <AddressFields value={draft.address} onChange={(address) => onChange({ address })} errors={errors} />
      ) : null}
      <StepError message={error} />
    </fieldset>
  );
}
