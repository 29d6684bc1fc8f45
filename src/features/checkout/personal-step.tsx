import type { Errors } from '../../lib/address-form.ts';
import { t } from './checkout-texts.ts';
import { CheckField, Field } from '../../ui/field.tsx';
import type { StepProps } from './checkout-draft.ts';
import { DraftField } from './draft-field.tsx';
import { StepError } from './step-error.tsx';

const EMAIL = { field: 'email', type: 'email', autoComplete: 'email', required: true } as const;
const NEW_PASSWORD = { field: 'password', type: 'password', autoComplete: 'new-password', required: true } as const;

/**
 * Step 1, personal details: a guest fills them in and may create an account with a password (registered and logged
 * in before the order is placed, so the order is the new account's); a member finds them from the profile.
 */
export function PersonalStep({
  draft,
  onChange,
  error,
  member,
  errors,
}: StepProps & { member: boolean; errors: Errors }) {
  const bound = { draft, onChange };
  return (
    <fieldset className="checkout-step" data-step="personal">
      <legend>{t('Your details')}</legend>
      <DraftField {...bound} {...EMAIL} label={t('E-mail address')} readOnly={member} error={errors.email} />
      <div className="field-row">
        <DraftField
          {...bound}
          field="firstname"
          label={t('First name')}
          autoComplete="given-name"
          required
          error={errors.firstname}
        />
        {/* the tussenvoegsel travels with the address (spec 001 §3 address label "middle name") */}
        <Field
          name="middlename"
          label={t('Middle name')}
          autoComplete="additional-name"
          value={draft.address.middlename}
          onChange={(e) => onChange({ address: { ...draft.address, middlename: e.target.value } })}
          error={errors.middlename}
        />
        <DraftField
          {...bound}
          field="lastname"
          label={t('Last name')}
          autoComplete="family-name"
          required
          error={errors.lastname}
        />
      </div>
      {member ? null : (
        <CheckField
          label={t('Create an account')}
          checked={draft.createAccount}
          onChange={(e) => onChange({ createAccount: e.target.checked })}
        />
      )}
      {!member && draft.createAccount ? (
        <DraftField {...bound} {...NEW_PASSWORD} label={t('Password')} error={errors.password} />
      ) : null}
      <StepError message={error} />
    </fieldset>
  );
}
