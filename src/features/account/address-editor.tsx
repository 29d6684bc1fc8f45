import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { Address, Customer } from '../../../worker/api-types.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { t } from './account-texts.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { storeView } from '../../lib/store-view.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import {
  addressBusiness,
  addressLine,
  addressName,
  addressToForm,
  formToAddress,
  readAddressForm,
  validateAddress,
} from '../../lib/address-form.ts';
import { lookupFieldsOf, useAddressLookup, type LookupFields } from '../../lib/use-address-lookup.ts';
import { AddressLookupStatus } from '../../ui/address-lookup-status.tsx';
import { CheckField, Field, NameFields, SelectField } from '../../ui/field.tsx';
import { countryOptions, useDirectoryCountries } from '../../lib/directory.ts';
import type { Errors } from './form-rules.ts';

const TYPES = [
  ['DELIVERY', 'Delivery address'],
  ['BILLING', 'Billing address'],
] as const;

const addressWithCountry = (a: Address) => `${addressLine(a)} (${a.country_id})`;

function addressLabels(a: Address): string[] {
  const labels: string[] = [t(a.address_type === 'BILLING' ? 'Billing address' : 'Delivery address')];
  if (a.default_shipping) labels.push(t('Default shipping address'));
  if (a.default_billing) labels.push(t('Default billing address'));
  return labels;
}

/** The fields of the (uncontrolled) address form the postcode lookup reads. */
const lookupFieldsOfForm = (form: HTMLFormElement): LookupFields => lookupFieldsOf(readAddressForm(new FormData(form)));

/**
 * The postcode lookup of the address form (spec 000 §9; src/lib/use-address-lookup.ts): follows what the shopper types
 * and fills street and city in the form when they are empty or still hold an earlier lookup's answer.
 */
function AddressLookup({ form, initial }: { form: RefObject<HTMLFormElement | null>; initial: LookupFields }) {
  const [fields, setFields] = useState(initial);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const read = () => setFields(lookupFieldsOfForm(el));
    el.addEventListener('input', read);
    el.addEventListener('change', read);
    return () => {
      el.removeEventListener('input', read);
      el.removeEventListener('change', read);
    };
  }, [form]);
  const status = useAddressLookup(fields, (patch) => {
    const el = form.current;
    if (!el) return;
    const set = (name: string, value: string | undefined) => {
      const input = el.elements.namedItem(name);
      if (value !== undefined && input instanceof HTMLInputElement) input.value = value;
    };
    set('streetAddress', patch.street);
    set('city', patch.city);
    setFields(lookupFieldsOfForm(el));
  });
  return <AddressLookupStatus status={status} />;
}

/**
 * Add or edit one address (spec 001 §3 backend form). Saved through the queued profile update, so it also works
 * offline; the worker shows the spec's success or failure text when the server has answered.
 */
export function AddressEditor({ me }: { me: Customer }) {
  // null: closed; 'new': adding; otherwise the index of the address being edited
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  // the address waiting for the shopper's confirmation before it is deleted
  const [deleting, setDeleting] = useState<Address | null>(null);
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const current = typeof editing === 'number' ? (me.addresses[editing] ?? null) : null;
  const initial = addressToForm(current, me, storeView().country);
  // the address book may hold any country of the directory; the checkout offers only those the shop delivers to
  const countries = useDirectoryCountries().all;
  const [business, setBusiness] = useState(false);
  const edit = (which: number | 'new') => {
    setErrors({});
    setBusiness(typeof which === 'number' && Boolean(me.addresses[which]?.company));
    setEditing(which);
  };
  const requiredField = (
    name: 'streetAddress' | 'apartmentNumber' | 'zipCode' | 'city',
    label: MessageKey,
    autoComplete?: string,
  ) => (
    <Field
      name={name}
      label={t(label)}
      defaultValue={initial[name]}
      error={errors[name]}
      required
      autoComplete={autoComplete}
    />
  );

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = readAddressForm(new FormData(e.currentTarget));
    const found = validateAddress(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const address = formToAddress(form, current?.id);
    const addresses: Address[] =
      typeof editing === 'number'
        ? me.addresses.map((a, i) => (i === editing ? { ...a, ...address } : a))
        : [...me.addresses, address];
    const result = await shop().updateProfile({ addresses });
    if (!result.ok) {
      notify({
        type: 'danger',
        message: result.messageKey ?? 'We could not update your account',
        params: result.params,
      });
      return;
    }
    setEditing(null);
  };

  const confirmDelete = async () => {
    const address = deleting;
    setDeleting(null);
    if (address?.id === undefined) return;
    if (typeof editing === 'number' && me.addresses[editing]?.id === address.id) setEditing(null);
    const result = await shop().deleteAddress(address.id);
    if (!result.ok && result.messageKey) notify({ type: 'danger', message: result.messageKey, params: result.params });
  };

  return (
    <section className="address-editor" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('Addresses')}</h2>
      {me.addresses.length ? (
        <ul className="address-list">
          {me.addresses.map((a, i) => (
            <li key={a.id ?? `new-${i}`}>
              <span>{addressName(a)}</span>
              {addressBusiness(a) ? <span className="address-business">{addressBusiness(a)}</span> : null}
              <span>{addressWithCountry(a)}</span> <span className="muted">{addressLabels(a).join(' · ')}</span>{' '}
              <button type="button" className="btn btn-link" onClick={() => edit(i)}>
                {t('Edit')}
              </button>{' '}
              {/* an address without id is still on its way to the server inside a queued profile update */}
              {a.id !== undefined ? (
                <button
                  type="button"
                  className="btn btn-link"
                  onClick={() => setDeleting(a)}
                  aria-label={`${t('Delete')}: ${addressWithCountry(a)}`}
                >
                  {t('Delete')}
                </button>
              ) : (
                <span className="muted">{t('Being saved…')}</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('You have no addresses yet.')}</p>
      )}
      {editing === null ? (
        <Button type="button" onClick={() => edit('new')}>
          {t('Add address')}
        </Button>
      ) : (
        <form
          key={String(editing)}
          ref={formRef}
          className="form address-form"
          onSubmit={(e) => void submit(e)}
          noValidate
        >
          <NameFields defaults={initial} errors={errors} />
          <Field
            name="middlename"
            label={t('Middle name')}
            defaultValue={initial.middlename}
            error={errors.middlename}
            autoComplete="additional-name"
          />
          <CheckField
            name="business"
            label={t('Business address')}
            checked={business}
            onChange={(e) => setBusiness(e.target.checked)}
          />
          {business ? (
            <div className="field-row">
              <Field
                name="company"
                label={t('Company name')}
                defaultValue={initial.company}
                error={errors.company}
                required
                autoComplete="organization"
              />
              <Field name="vatId" label={t('VAT number')} defaultValue={initial.vatId} error={errors.vatId} />
            </div>
          ) : null}
          {requiredField('streetAddress', 'Street', 'address-line1')}
          <div className="field-row">
            {requiredField('apartmentNumber', 'House number')}
            <Field name="affix" label={t('Addition')} defaultValue={initial.affix} />
          </div>
          <div className="field-row">
            {requiredField('zipCode', 'Postcode', 'postal-code')}
            {requiredField('city', 'City', 'address-level2')}
          </div>
          <AddressLookup form={formRef} initial={lookupFieldsOf(initial)} />
          <SelectField
            name="country"
            label={t('Country')}
            defaultValue={initial.country}
            options={countryOptions(countries, initial.country)}
          />
          <SelectField
            name="address_type"
            label={t('Address type')}
            defaultValue={initial.address_type}
            options={TYPES}
          />
          <CheckField
            name="default_shipping"
            label={t('Default shipping address')}
            defaultChecked={initial.default_shipping}
          />
          <CheckField
            name="default_billing"
            label={t('Default billing address')}
            defaultChecked={initial.default_billing}
          />
          <Button type="submit">{t('Save address')}</Button>{' '}
          <button type="button" className="btn btn-link" onClick={() => setEditing(null)}>
            {t('Cancel')}
          </button>
        </form>
      )}
      <Modal open={deleting !== null} title={t('Delete address')} onClose={() => setDeleting(null)}>
        <p>{t('Are you sure you want to delete this address?')}</p>
        {deleting ? <p className="muted">{addressWithCountry(deleting)}</p> : null}
        <Button type="button" onClick={() => void confirmDelete()}>
          {t('Delete')}
        </Button>{' '}
        <button type="button" className="btn btn-link" onClick={() => setDeleting(null)}>
          {t('Cancel')}
        </button>
      </Modal>
    </section>
  );
}
