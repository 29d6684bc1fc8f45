import { useState, type FormEvent } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, Field, NameFields } from '../../ui/field.tsx';
import { AccountLayout } from './account-layout.tsx';
import { AddressEditor } from './address-editor.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/**
 * /mijn-account/persoonlijke-gegevens/: name, e-mail, birth date and mobile number, the address book and the password.
 * A chunk of its own: the address form and its postcode lookup are not loaded for the other account pages.
 */
export function ProfilePage() {
  const user = useLiveQuery({ name: 'user' });
  const me = user?.current;
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = (k: string) => String(f.get(k) ?? '').trim();
    setPending(true);
    const result = await shop().updateProfile({
      firstname: v('firstname'),
      lastname: v('lastname'),
      email: v('email'),
      date_of_birth: v('date_of_birth'),
      mobile_number: v('mobile_number'),
    });
    setPending(false);
    notify(
      result.ok
        ? { type: 'success', message: 'Account data has successfully been updated' }
        : { type: 'danger', message: result.messageKey ?? 'We could not update your account', params: result.params },
    );
  };
  return (
    <AccountLayout title={t('Personal details')}>
      {me ? (
        <form className="form" onSubmit={(e) => void submit(e)}>
          <NameFields defaults={me} />
          <EmailField defaultValue={me.email} />
          <Field
            name="date_of_birth"
            type="date"
            label="Geboortedatum"
            defaultValue={me.date_of_birth ?? undefined}
            autoComplete="bday"
          />
          <Field
            name="mobile_number"
            type="tel"
            label="Mobiel nummer"
            defaultValue={me.mobile_number === '-' ? '' : (me.mobile_number ?? undefined)}
            autoComplete="tel"
          />
          <Button type="submit" disabled={pending}>
            {t('Save')}
          </Button>
        </form>
      ) : null}
      {me ? <AddressEditor me={me} /> : null}
      {me ? <ChangePasswordForm /> : null}
    </AccountLayout>
  );
}
