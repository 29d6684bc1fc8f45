import { useState, type FormEvent } from 'react';
import { t } from './account-texts.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';
import { formValues, validatePasswordChange, type Errors } from './form-rules.ts';
import { NewPasswordFields, PasswordField } from './password-fields.tsx';

/**
 * Change password in Persoonlijke gegevens (spec 000 §7 change-password): the current password and a new one with the
 * registration's rules. The server ends the customer's other sessions; this one stays. Refused offline with spec 000
 * §8 'Reset password feature does not work while offline!' (the worker answers it).
 */
export function ChangePasswordForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const found = validatePasswordChange(v);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const result = await shop().changePassword(v.currentPassword, v.password);
      if (result.ok) form.reset();
      notify(
        result.ok
          ? { type: 'success', message: result.messageKey ?? 'Password has successfully been changed' }
          : { type: 'danger', message: result.messageKey ?? 'An error occurred during the submission process.' },
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="change-password" aria-labelledby="change-password-title">
      <h2 id="change-password-title">{t('Change password')}</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <PasswordField
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <NewPasswordFields errors={errors} label="New password" />
        <Button type="submit" disabled={pending}>
          {t('Change password')}
        </Button>
      </form>
    </section>
  );
}
