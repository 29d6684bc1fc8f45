import type { Address } from '../../../worker/api-types.ts';
import { useEffect, useRef } from 'react';
import { addressBusiness, addressLine, addressName, type Errors } from '../../lib/address-form.ts';
import { countryOptions, useDirectoryCountries } from '../../lib/directory.ts';
import { dutchList } from '../../../domain/checkout/countries.ts';
import { t } from './checkout-texts.ts';
import { lookupFieldsOf, useAddressLookup } from '../../lib/use-address-lookup.ts';
import { AddressLookupStatus } from '../../ui/address-lookup-status.tsx';
import { CheckField, Field, SelectField } from '../../ui/field.tsx';
import type { CheckoutAddressForm } from './checkout-address.ts';

type TextField = Exclude<
  keyof CheckoutAddressForm,
  'address_type' | 'default_shipping' | 'default_billing' | 'business'
>;

/**
 * The delivery address (spec 001 §3 address labels; §5 postcode, house number and phone rules), controlled: a country
 * the shop delivers to (the directory's countries a shipping method serves, said in a line under the select),
 * postcode, house number and addition, street, city, phone, and for a business address company and btw-nummer.
 * `errors` are message keys per field. The postcode lookup fills street and city once postcode and house number are
 * known, never over what the shopper typed.
 */
export function AddressFields({
  value,
  onChange,
  errors,
}: {
  value: CheckoutAddressForm;
  onChange: (next: CheckoutAddressForm) => void;
  errors: Errors;
}) {
  // the lookup answers after a wait: it changes the address as it is then, not as it was when it was asked
  const latest = useRef(value);
  latest.current = value;
  const { shipping, loaded } = useDirectoryCountries();
  const deliverable = shipping.some((c) => c.id === value.country);
  // a country kept from before (another store view, a method since stopped) the shop does not deliver to now
  useEffect(() => {
    if (loaded && !deliverable && shipping[0]) onChange({ ...latest.current, country: shipping[0].id });
  }, [loaded, deliverable, shipping, onChange]);
  const lookupStatus = useAddressLookup(lookupFieldsOf(value), (patch) =>
    onChange({
      ...latest.current,
      ...(patch.street === undefined ? {} : { streetAddress: patch.street }),
      ...(patch.city === undefined ? {} : { city: patch.city }),
    }),
  );
  const field = (
    name: TextField,
    label: string,
    props: { autoComplete?: string; type?: string; required?: boolean },
  ) => (
    <Field
      name={name}
      label={t(label)}
      value={value[name]}
      onChange={(e) => onChange({ ...value, [name]: e.target.value })}
      error={errors[name]}
      required={props.required ?? true}
      autoComplete={props.autoComplete}
      type={props.type}
    />
  );
  return (
    <div className="address-fields">
      <SelectField
        name="country"
        label={t('Country')}
        value={value.country}
        onChange={(e) => onChange({ ...value, country: e.target.value })}
        options={countryOptions(shipping)}
        aria-describedby="checkout-countries"
      />
      <p id="checkout-countries" className="muted checkout-countries">
        {t('We deliver to {countries}.', { countries: dutchList(shipping.map((c) => c.name)) })}
      </p>
      <div className="field-row">
        {field('zipCode', 'Postcode', { autoComplete: 'postal-code' })}
        {field('apartmentNumber', 'House number', {})}
        {field('affix', 'Addition', { required: false })}
      </div>
      <AddressLookupStatus status={lookupStatus} />
      {field('streetAddress', 'Street', { autoComplete: 'address-line1' })}
      {field('city', 'City', { autoComplete: 'address-level2' })}
      {field('telephone', 'Phone number', { autoComplete: 'tel', type: 'tel', required: false })}
      <CheckField
        name="business"
        label={t('Business address')}
        checked={value.business}
        onChange={(e) => onChange({ ...value, business: e.target.checked })}
      />
      {value.business ? (
        <div className="field-row">
          {field('company', 'Company name', { autoComplete: 'organization' })}
          {field('vatId', 'VAT number', { required: false })}
        </div>
      ) : null}
    </div>
  );
}

/** A saved address of the account (it has its id). */
export type SavedAddress = Address & { id: number };

/**
 * A logged-in shopper's saved addresses to deliver to, or a new one (`'new'`). An address in a country the shop does
 * not deliver to (the directory's `shipping_available`) stays in the list, disabled, with the reason under it ("We
 * bezorgen niet in Frankrijk"); when it is the chosen one, the choice moves to the first deliverable address or a new
 * one (docs/checkout-and-orders.md "Countries").
 */
export function SavedAddressChoice({
  addresses,
  value,
  onChange,
}: {
  addresses: SavedAddress[];
  value: number | 'new';
  onChange: (next: number | 'new') => void;
}) {
  const { all, shipping, loaded } = useDirectoryCountries();
  const undeliverable = (a: SavedAddress) => loaded && !shipping.some((c) => c.id === a.country_id);
  const chosen = addresses.find((a) => a.id === value);
  const fallback = addresses.find((a) => !undeliverable(a))?.id ?? 'new';
  const moveAway = !!chosen && undeliverable(chosen);
  useEffect(() => {
    if (moveAway) onChange(fallback);
  }, [moveAway, fallback, onChange]);
  return (
    <fieldset className="saved-addresses">
      <legend>{t('Choose a delivery address')}</legend>
      {addresses.map((a) => {
        const refused = undeliverable(a);
        const country = all.find((c) => c.id === a.country_id)?.name ?? a.country_id;
        return (
          <label key={a.id} className={refused ? 'radio radio-disabled' : 'radio'}>
            <input
              type="radio"
              name="saved-address"
              checked={value === a.id && !refused}
              disabled={refused}
              aria-describedby={refused ? `saved-address-${a.id}-refused` : undefined}
              onChange={() => onChange(a.id)}
            />{' '}
            {addressName(a)}, {addressBusiness(a) ? `${addressBusiness(a)}, ` : ''}
            {addressLine(a)} ({a.country_id})
            {refused ? (
              <span id={`saved-address-${a.id}-refused`} className="saved-address-refused">
                {t('We do not deliver to {country}', { country })}
              </span>
            ) : null}
          </label>
        );
      })}
      <label className="radio">
        <input type="radio" name="saved-address" checked={value === 'new'} onChange={() => onChange('new')} />{' '}
        {t('A new address')}
      </label>
    </fieldset>
  );
}
