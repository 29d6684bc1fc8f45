import { useState, type FormEvent } from 'react';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';
import { AccountLayout } from './account-layout.tsx';
import { Field } from './field.tsx';

export function AccountHomePage() {
  const user = useLiveQuery({ name: 'user' });
  const me = user?.current;
  return (
    <AccountLayout title={t('My account')}>
      {me ? (
        <>
          <p>
            Welkom terug, <strong>{me.firstname}</strong>!
          </p>
          <dl className="details">
            <dt>{t('E-mail address')}</dt>
            <dd>{me.email}</dd>
            <dt>Adressen</dt>
            <dd>{me.addresses.length ? me.addresses.map((a) => `${a.street.join(' ')}, ${a.postcode} ${a.city}`).join(' · ') : '—'}</dd>
          </dl>
        </>
      ) : null}
    </AccountLayout>
  );
}

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
          <div className="field-row">
            <Field name="firstname" label={t('First name')} defaultValue={me.firstname} required autoComplete="given-name" />
            <Field name="lastname" label={t('Last name')} defaultValue={me.lastname} required autoComplete="family-name" />
          </div>
          <Field name="email" type="email" label={t('E-mail address')} defaultValue={me.email} required autoComplete="email" />
          <Field name="date_of_birth" type="date" label="Geboortedatum" defaultValue={me.date_of_birth} autoComplete="bday" />
          <Field name="mobile_number" type="tel" label="Mobiel nummer" defaultValue={me.mobile_number === '-' ? '' : me.mobile_number} autoComplete="tel" />
          <Button type="submit" disabled={pending}>
            {t('Save')}
          </Button>
        </form>
      ) : null}
    </AccountLayout>
  );
}

export function OrdersPage() {
  const orders = useLiveQuery({ name: 'orders' }) ?? [];
  return (
    <AccountLayout title={t('Purchases')}>
      {orders.length ? (
        <ul className="order-list">
          {orders.map((o) => (
            <li key={o.order_id}>
              <strong>{o.order_id}</strong> · {new Date(o.created_at).toLocaleDateString('nl-NL')} ·{' '}
              {o.transmited ? 'Verzonden naar de winkel' : 'Wordt verzonden zodra je online bent'}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('You have no orders yet.')}</p>
      )}
    </AccountLayout>
  );
}

const simple = (title: string, text: string) =>
  function SimpleAccountPage() {
    return (
      <AccountLayout title={t(title)}>
        <p>{t(text)}</p>
      </AccountLayout>
    );
  };

export const OrderPage = simple('Order details', 'Order not found.');
export const TransactionPage = simple('In-store purchase', 'Order not found.');
export const CouponsPage = simple('Coupons', 'You have no coupons at the moment.');
export const LoyaltyPage = simple('OFM Club', 'Get 10% off your next purchase.');
export const PreferencesPage = simple('Preferences', 'Get 10% off your next purchase.');
export const AccountPlaceholderPage = simple('Placeholder', 'You have no orders yet.');
