import { t } from '../../lib/i18n/index.ts';
import { Field } from '../../ui/field.tsx';
import type { Errors } from './form-rules.ts';

/** A required password input: `current-password` to log in or confirm, `new-password` to choose one. */
export function PasswordField(props: {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
}) {
  return <Field type="password" required {...props} label={t(props.label)} />;
}

/**
 * A new password and its repetition (`password`, `password2`), as registration, the reset link and a password change
 * ask for it; the rules are `validateNewPassword`.
 */
export function NewPasswordFields({ errors, label = 'Password' }: { errors: Errors; label?: string }) {
  return (
    <>
      <PasswordField name="password" label={label} autoComplete="new-password" error={errors.password} />
      <PasswordField name="password2" label="Repeat password" autoComplete="new-password" error={errors.password2} />
    </>
  );
}
