import type { ParcelShop } from '../../contract/delivery.ts';
import type { ParcelCarrier } from '../../domain/checkout/delivery.ts';
import { compactPostcode } from '../../domain/validation/address.ts';
import type { ShippingMethod } from '../cart/cart-state.ts';
import type { WorkerContext } from '../context.ts';
import { isNetworkError } from '../http/errors.ts';
import { loadStores } from '../user/preference-options.ts';
import type { ParcelShopsResult, PickupStore } from './api-types.ts';

/** Spec 001 §8 'Could not load locations, please try again!' for a parcel shop failure. */
export const PARCEL_SHOPS_FAILED = 'Could not load locations, please try again!';

/**
 * The shop's own methods per country, shown until the server's list for the cart arrives (offline, or before the
 * guest cart reached the server): the codes of the seeded shipping_methods, so an order placed with one is accepted.
 * Their price is the server's to tell (the checkout shows none for an `offline` method).
 */
const OFFLINE_METHODS: [carrier: string, codes: Record<'NL' | 'BE', string>, title: string][] = [
  ['dhl', { NL: 'home', BE: 'home_be' }, 'Thuisbezorgd (1-3 werkdagen)'],
  ['dhl', { NL: 'servicepoint', BE: 'servicepoint_be' }, 'Afhalen bij een DHL ServicePoint'],
  ['budbee', { NL: 'box', BE: 'box' }, 'Budbee-box'],
  ['storepickup', { NL: 'storepickup', BE: 'storepickup' }, 'Gratis afhalen in de winkel'],
];

export function offlineShippingMethods(country: string): ShippingMethod[] {
  const key = country.toUpperCase() === 'BE' ? 'BE' : 'NL';
  return OFFLINE_METHODS.map(([carrier_code, codes, method_title]) => ({
    carrier_code,
    method_code: codes[key],
    method_title,
    price_incl_tax: 0,
    offline: true,
  }));
}

/**
 * Parcel shops and pickup stores for the shipping step (spec 001 §3 "Parcel shop state": parcelShops, budbeeOption,
 * fetchedZipCode, isBudbeeActive, isLoading; §4 "Parcel shops (Budbee)"). Budbee boxes are fetched on the step and
 * not again while the postcode equals the last fetched one; DHL ServicePoints are fetched each time the picker
 * opens. The chosen box itself lives in the checkout details (`shippingMethod.point`), so choosing another carrier,
 * which replaces the shipping method, clears it.
 */
export class DeliveryOptions {
  private budbee: { fetchedZipCode: string; shops: ParcelShop[] } | null = null;

  constructor(private readonly ctx: WorkerContext) {}

  async parcelShops(carrier: ParcelCarrier, country: string, zipCode: string): Promise<ParcelShopsResult> {
    const key = `${country.toUpperCase()} ${compactPostcode(zipCode)}`;
    if (carrier === 'budbee' && this.budbee?.fetchedZipCode === key) return { ok: true, shops: this.budbee.shops };
    try {
      const res = await this.ctx.http.get<ParcelShop[]>(
        `/api/ext/parcel-shops/${carrier}/${encodeURIComponent(country)}/${encodeURIComponent(zipCode.trim())}`,
      );
      if (res.code !== 200 || !Array.isArray(res.result)) return { ok: false, messageKey: PARCEL_SHOPS_FAILED };
      if (carrier === 'budbee') this.budbee = { fetchedZipCode: key, shops: res.result };
      return { ok: true, shops: res.result };
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      return { ok: false, messageKey: PARCEL_SHOPS_FAILED };
    }
  }

  /** The stores a shopper can pick up from in the country (the store locator's list, cached for offline). */
  async pickupStores(country: string): Promise<PickupStore[]> {
    const { items } = await loadStores(this.ctx);
    return items.filter((s) => s.country_id.trim().toUpperCase() === country.toUpperCase());
  }
}
