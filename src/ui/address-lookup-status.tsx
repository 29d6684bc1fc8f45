import { t, type MessageKey } from '../lib/i18n/index.ts';

/**
 * What the postcode lookup says under the postcode and house number ("Adres gevonden", "Postcode niet gevonden, vul
 * straat en plaats zelf in"): a polite live region, always present so a screen reader hears each change. Never an
 * error: the shopper can always type street and city.
 */
export function AddressLookupStatus({ status }: { status: MessageKey | null }) {
  return (
    <p className="address-lookup-status muted" role="status" aria-live="polite" data-testid="address-lookup-status">
      {status ? t(status) : null}
    </p>
  );
}
