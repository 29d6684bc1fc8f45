import type { ParcelCarrier, ParcelShop, ParcelShopsResult } from '../../../worker/api-types.ts';
import { addressLine } from '../../lib/address-form.ts';
import { formatDistance } from '../../lib/distance.ts';
import { t } from './checkout-texts.ts';
import { openModal, type ModalProps } from '../../lib/modals.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Modal } from '../../ui/modal.tsx';

const shopAddress = (s: ParcelShop) =>
  addressLine({ ...s.address, street: [s.address.street, s.address.house_number] });

/** Loads the carrier's parcel shops near the postcode when `active`; `retry` asks again after a failure. */
function useParcelShops(carrier: ParcelCarrier, country: string, postcode: string, active: boolean) {
  const loaded = useAsync<ParcelShopsResult>(active ? `${carrier} ${country} ${postcode}` : null, () =>
    shop().loadParcelShops(carrier, country, postcode),
  );
  const result: ParcelShopsResult | null =
    loaded.status === 'success'
      ? loaded.data
      : loaded.status === 'error'
        ? { ok: false, messageKey: 'Could not load locations, please try again!' }
        : null;
  return { result, retry: loaded.reload };
}

/** The list of parcel shops: name, address, distance and opening hours; the chosen one is checked. */
function ParcelShopList({
  result,
  retry,
  value,
  onPick,
}: {
  result: ParcelShopsResult | null;
  retry: () => void;
  value: ParcelShop | null;
  onPick: (shop: ParcelShop) => void;
}) {
  if (!result) return <p className="muted">{t('Loading…')}</p>;
  if (!result.ok) {
    return (
      <div className="parcel-shops-failed">
        <p className="field-error">{t(result.messageKey)}</p>
        <button type="button" className="btn btn-link" onClick={retry}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  if (result.shops.length === 0) return <p className="parcel-shops-empty">{t('No service points found.')}</p>;
  return (
    <ul className="parcel-shops">
      {result.shops.map((s) => (
        <li key={s.id}>
          <label className="radio parcel-shop">
            <input
              type="radio"
              name={`parcel-shop-${s.carrier}`}
              checked={value?.id === s.id}
              onChange={() => onPick(s)}
            />
            <span>
              <strong>{s.name}</strong> <span className="muted">{formatDistance(s.distance)}</span>
              <br />
              {shopAddress(s)}
              {s.opening_hours.map((h) => (
                <span key={h.days} className="parcel-shop-hours">
                  <br />
                  {h.days} {h.open}–{h.close}
                </span>
              ))}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}

interface PickerProps {
  country: string;
  postcode: string;
  value: ParcelShop | null;
  onChange: (shop: ParcelShop) => void;
}

/**
 * DHL ServicePoint: the chosen point, and a button that opens the named modal 'service-points' (spec 001 §2) with
 * the points near the postcode.
 */
export function ServicePointPicker({ country, postcode, value, onChange }: PickerProps) {
  return (
    <div className="parcel-shop-choice">
      {value ? (
        <p className="parcel-shop-chosen">
          <strong>{value.name}</strong>
          <br />
          {shopAddress(value)}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary"
        aria-haspopup="dialog"
        onClick={() => openModal('service-points', { carrier: 'dhl', country, postcode, value, onChange })}
      >
        {t(value ? 'Choose another ServicePoint' : 'Choose a DHL ServicePoint')}
      </button>
    </div>
  );
}

/** The service points modal: the carrier's points near the postcode; a pick closes it. */
export function ServicePointsModal({ payload, onClose }: ModalProps<'service-points'>) {
  const { carrier, country, postcode, value, onChange } = payload;
  const { result, retry } = useParcelShops(carrier, country, postcode, true);
  return (
    <Modal open title={t('DHL ServicePoints near {postcode}', { postcode })} onClose={onClose}>
      <ParcelShopList
        result={result}
        retry={retry}
        value={value}
        onPick={(s) => {
          onChange(s);
          onClose();
        }}
      />
    </Modal>
  );
}

/** Budbee: the boxes near the postcode, fetched on the shipping step (spec 001 §4 "Parcel shops (Budbee)"). */
export function BudbeeBoxChoice({ country, postcode, value, onChange }: PickerProps) {
  const { result, retry } = useParcelShops('budbee', country, postcode, true);
  return (
    <div className="parcel-shop-choice">
      <ParcelShopList result={result} retry={retry} value={value} onPick={onChange} />
    </div>
  );
}
