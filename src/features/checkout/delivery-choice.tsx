import { useEffect } from 'react';
import type { PickupStore, ShippingChoice, ShippingMethod } from '../../../worker/api-types.ts';
import { deliveryKind } from '../../../domain/checkout/delivery.ts';
import { formatPrice, toCents } from '../../../domain/money.ts';
import { t } from './checkout-texts.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { SelectField } from '../../ui/field.tsx';
import { ADDRESS_FIRST } from './checkout-address.ts';
import { StepError } from './step-error.tsx';
import { lazyPanel } from '../../ui/lazy-panel.tsx';
import { Loader } from '../../ui/loader.tsx';

// The pickers load when their delivery is chosen: most shoppers have their order delivered at home, and the checkout
// as a first page stays within its JavaScript budget (docs/benchmarks.md). Offline the service worker has their code.
const pickers = () => import('./parcel-shop-picker.tsx');
const ServicePointPicker = lazyPanel(() => pickers().then((m) => m.ServicePointPicker), <Loader />);
const BudbeeBoxChoice = lazyPanel(() => pickers().then((m) => m.BudbeeBoxChoice), <Loader />);

const sameMethod = (a: ShippingChoice | null, m: ShippingMethod) =>
  a !== null && a.carrier_code === m.carrier_code && a.method_code === m.method_code;

/** The stores of the country to pick the order up from (the store locator's list). */
function PickupStoreSelect({
  country,
  value,
  onChange,
}: {
  country: string;
  value: PickupStore | null;
  onChange: (store: PickupStore) => void;
}) {
  const loaded = useAsync(country, () => shop().loadPickupStores(country));
  const stores = loaded.status === 'success' ? loaded.data : loaded.status === 'error' ? [] : null;
  if (!stores) return <p className="muted">{t('Loading…')}</p>;
  if (stores.length === 0) return <p className="field-error">{t('Could not load locations, please try again!')}</p>;
  return (
    <SelectField
      name="pickup-store"
      label={t('Pickup store')}
      value={value ? String(value.id) : ''}
      onChange={(e) => {
        const store = stores.find((s) => String(s.id) === e.target.value);
        if (store) onChange(store);
      }}
      options={[['', 'Choose a store'], ...stores.map((s) => [String(s.id), `${s.name} (${s.city})`] as const)]}
    />
  );
}

/** What the chosen method needs under it: the ServicePoint picker, the Budbee boxes or the store select. */
function PointOrStore({
  country,
  postcode,
  value,
  onChange,
}: {
  country: string;
  postcode: string;
  value: ShippingChoice;
  onChange: (choice: ShippingChoice) => void;
}) {
  const kind = deliveryKind(value);
  if (kind === 'store') {
    return (
      <PickupStoreSelect
        country={country}
        value={value.store ?? null}
        onChange={(store) => onChange({ ...value, store })}
      />
    );
  }
  if (kind === 'home') return null;
  const Picker = kind === 'servicepoint' ? ServicePointPicker : BudbeeBoxChoice;
  return (
    <Picker
      country={country}
      postcode={postcode}
      value={value.point ?? null}
      onChange={(point) => onChange({ ...value, point })}
    />
  );
}

/**
 * The shipping method for the address's country (spec 000 §5, 001 §1), and what it needs: a DHL ServicePoint from the
 * picker, a Budbee box, or a pickup store (spec 001 §5 "A service point or store must be selected"). `postcode` is
 * null while the address is not complete: "An address must be saved or selected before a shipping method."
 * Controlled: `onChange` gets the whole choice; choosing another method drops the point or store of the last one.
 */
export function DeliveryChoice({
  country,
  postcode,
  value,
  onChange,
  error,
}: {
  country: string;
  postcode: string | null;
  value: ShippingChoice | null;
  onChange: (choice: ShippingChoice) => void;
  error?: string | null;
}) {
  const loaded = useAsync(country, () => shop().deliveryMethods(country));
  const methods = loaded.status === 'success' ? loaded.data : loaded.status === 'error' ? [] : null;
  // A choice the country does not offer (the address moved to BE) falls back to its first method.
  useEffect(() => {
    if (methods?.length && !methods.some((m) => sameMethod(value, m))) {
      onChange({ carrier_code: methods[0].carrier_code, method_code: methods[0].method_code });
    }
  }, [methods, value, onChange]);

  if (postcode === null) {
    return (
      <fieldset className="delivery-choice">
        <legend>{t('Shipping')}</legend>
        <p className="muted">{t(ADDRESS_FIRST)}</p>
      </fieldset>
    );
  }
  return (
    <fieldset className="delivery-choice">
      <legend>{t('Shipping')}</legend>
      {methods === null ? <p className="muted">{t('Loading…')}</p> : null}
      {(methods ?? []).map((m) => (
        <div key={`${m.carrier_code}:${m.method_code}`} className="delivery-method">
          <label className="radio">
            <input
              type="radio"
              name="shipping"
              value={`${m.carrier_code}:${m.method_code}`}
              checked={sameMethod(value, m)}
              onChange={() => onChange({ carrier_code: m.carrier_code, method_code: m.method_code })}
            />{' '}
            {m.method_title}
            {m.offline ? null : (
              <span className="muted">
                {' '}
                {m.price_incl_tax === 0 ? t('Free') : formatPrice(toCents(m.price_incl_tax))}
              </span>
            )}
          </label>
          {value && sameMethod(value, m) ? (
            <PointOrStore country={country} postcode={postcode} value={value} onChange={onChange} />
          ) : null}
        </div>
      ))}
      <StepError message={error} />
    </fieldset>
  );
}
