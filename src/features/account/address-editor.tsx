import { useId, useState, type FormEvent } from 'react';
import type { Address, Customer } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';
import { addressToForm, formToAddress, validateAddress, type AddressForm } from './address-form.ts';
import { Field } from './field.tsx';
import type { Errors } from './form-rules.ts';

const COUNTRIES = [
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
] as const;

/**
 * Add or edit one address (spec 001 §3 backend form). Saved through the queued profile update, so it also works
 * offline; the worker shows the spec's success or failure text when the server has answered.
 */
export function AddressEditor({ me }: { me: Customer }) {
  // null: closed; 'new': adding; otherwise the index of the address being edited
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const countryId = useId();
  const current = typeof editing === 'number' ? (me.addresses[editing] ?? null) : null;
  const initial = addressToForm(current, me);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const form = Object.fromEntries(Object.keys(initial).map((k) => [k, String(data.get(k) ?? '')])) as unknown as AddressForm;
    const found = validateAddress(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const address = formToAddress(form, current?.id);
    const addresses: Address[] =
      typeof editing === 'number' ? me.addresses.map((a, i) => (i === editing ? { ...a, ...address } : a)) : [...me.addresses, address];
    const result = await shop().updateProfile({ addresses });
    if (!result.ok) {
      notify({ type: 'danger', message: result.messageKey ?? 'We could not update your account', params: result.params });
      return;
    }
    setEditing(null);
  };

  return (
    <section className="address-editor" aria-labelledby={`${countryId}-h`}>
      <h2 id={`${countryId}-h`}>{t('Addresses')}</h2>
      {me.addresses.length ? (
        <ul className="address-list">
          {me.addresses.map((a, i) => (
            <li key={a.id ?? `new-${i}`}>
              <span>
                {a.street.join(' ')}, {a.postcode} {a.city} ({a.country_id})
              </span>{' '}
              <button type="button" className="btn btn-link" onClick={() => (setErrors({}), setEditing(i))}>
                {t('Edit')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('You have no addresses yet.')}</p>
      )}
      {editing === null ? (
        <Button type="button" onClick={() => (setErrors({}), setEditing('new'))}>
          {t('Add address')}
        </Button>
      ) : (
        <form key={String(editing)} className="form address-form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="field-row">
            <Field name="firstname" label={t('First name')} defaultValue={initial.firstname} error={errors.firstname} required autoComplete="given-name" />
            <Field name="lastname" label={t('Last name')} defaultValue={initial.lastname} error={errors.lastname} required autoComplete="family-name" />
          </div>
          <Field name="streetAddress" label={t('Street')} defaultValue={initial.streetAddress} error={errors.streetAddress} required autoComplete="address-line1" />
          <div className="field-row">
            <Field name="apartmentNumber" label={t('House number')} defaultValue={initial.apartmentNumber} error={errors.apartmentNumber} required />
            <Field name="affix" label={t('Addition')} defaultValue={initial.affix} />
          </div>
          <div className="field-row">
            <Field name="zipCode" label={t('Postcode')} defaultValue={initial.zipCode} error={errors.zipCode} required autoComplete="postal-code" />
            <Field name="city" label={t('City')} defaultValue={initial.city} error={errors.city} required autoComplete="address-level2" />
          </div>
          <div className="field">
            <label htmlFor={countryId}>{t('Country')}</label>
            <select id={countryId} name="country" defaultValue={initial.country}>
              {COUNTRIES.map(([code, name]) => (
                <option key={code} value={code}>
                  {t(name)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit">{t('Save address')}</Button>{' '}
          <button type="button" className="btn btn-link" onClick={() => setEditing(null)}>
            {t('Cancel')}
          </button>
        </form>
      )}
    </section>
  );
}
