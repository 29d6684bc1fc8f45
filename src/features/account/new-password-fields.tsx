import { t } from '../../lib/i18n/index.ts';
import { Field } from '../../ui/field.tsx';
import type { Errors } from './form-rules.ts';

/**
 * A new password and its repetition (`password`, `password2`), as registration, the reset link and a password change
 * ask for it; the rules are `validateNewPassword`.
 */
export function NewPasswordFields({ errors, label = 'Password' }: { errors: Errors; label?: string }) {
  return (
    <>
      <Field
        name="password"
        type="password"
        label={t(label)}
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <Field
        name="password2"
        type="password"
        label={t('Repeat password')}
        autoComplete="new-password"
        required
        error={errors.password2}
      />
    </>
  );
}
