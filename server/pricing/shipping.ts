import type { Queryable } from '../db/index.ts';
import { toEuros } from '../../domain/money.ts';
import { deliveryKind } from '../../domain/checkout/delivery.ts';
import { cheapestShippingCents, shippingPriceCents as shippingOfferPrice } from '../../domain/cart/totals-rule.ts';

export interface ShippingMethodRow {
  carrier_code: string;
  method_code: string;
  method_title: string;
  carrier_title: string;
  price_cents: number;
  free_from_cents: number | null;
  countries: string[];
  position: number;
}

/** The method's price for these goods by the shop's one rule (domain/cart/totals-rule.ts). */
export function shippingPriceCents(method: ShippingMethodRow, goodsInclCents: number): number {
  return shippingOfferPrice({ priceCents: method.price_cents, freeFromCents: method.free_from_cents }, goodsInclCents);
}

/**
 * What shipping costs before the shopper chose a method: the cheapest delivery to the address in the country (the
 * checkout's default kind; a parcel shop or store needs a choice first). Null when nothing delivers there.
 */
export async function estimatedShippingCents(db: Queryable, countryId: string, goodsInclCents: number) {
  const home = (await activeShippingMethods(db)).filter(
    (m) => m.countries.includes(countryId) && deliveryKind(m) === 'home',
  );
  return cheapestShippingCents(
    home.map((m) => ({ priceCents: m.price_cents, freeFromCents: m.free_from_cents })),
    goodsInclCents,
  );
}

async function activeShippingMethods(db: Queryable): Promise<ShippingMethodRow[]> {
  const { rows } = await db.query<ShippingMethodRow>(
    `select carrier_code, method_code, method_title, carrier_title, price_cents, free_from_cents, countries, position
       from shipping_methods where is_active order by position, carrier_code, method_code`,
  );
  return rows;
}

/**
 * The shipping-methods answer: every active method, with `available` false where it does not deliver to the
 * country (the client shows a method only when available is missing or true, spec 000 §5).
 */
export async function listShippingMethods(db: Queryable, countryId: string, goodsInclCents: number) {
  const methods = await activeShippingMethods(db);
  return methods.map((m) => {
    const price = toEuros(shippingPriceCents(m, goodsInclCents));
    return {
      carrier_code: m.carrier_code,
      method_code: m.method_code,
      carrier_title: m.carrier_title,
      method_title: m.method_title,
      amount: price,
      base_amount: price,
      price_incl_tax: price,
      free_from: m.free_from_cents === null ? null : toEuros(m.free_from_cents),
      available: m.countries.includes(countryId),
      error_message: '',
      is_server_method: true,
    };
  });
}

/** A method the cart may use: active and delivering to the country. */
export async function findShippingMethod(db: Queryable, carrierCode: string, methodCode: string, countryId: string) {
  const methods = await activeShippingMethods(db);
  return (
    methods.find(
      (m) => m.carrier_code === carrierCode && m.method_code === methodCode && m.countries.includes(countryId),
    ) ?? null
  );
}

/**
 * The country's Dutch name when no active shipping method delivers there (the directory's `shipping_available` is
 * false), else null: an order to it is refused naming the country field (docs/checkout-and-orders.md "Countries").
 */
export async function undeliverableCountry(db: Queryable, countryId: string): Promise<string | null> {
  if ((await activeShippingMethods(db)).some((m) => m.countries.includes(countryId))) return null;
  const { rows } = await db.query<{ name: string }>('select full_name_locale as name from countries where id = $1', [
    countryId,
  ]);
  return rows[0]?.name ?? countryId;
}

interface PaymentMethodRow {
  code: string;
  title: string;
  cost_cents: number;
}

export async function paymentMethodsFor(db: Queryable, countryId: string): Promise<PaymentMethodRow[]> {
  const { rows } = await db.query<PaymentMethodRow>(
    'select code, title, cost_cents from payment_methods where is_active and $1 = any(countries) order by position, code',
    [countryId],
  );
  return rows;
}

export async function listPaymentMethods(db: Queryable, countryId: string) {
  return (await paymentMethodsFor(db, countryId)).map((p) => ({
    code: p.code,
    title: p.title,
    cost_incl_tax: toEuros(p.cost_cents),
    is_server_method: true,
  }));
}
