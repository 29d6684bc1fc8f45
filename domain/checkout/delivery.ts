/**
 * How a shipping method delivers (spec 001 §1 "Delivery options: DHL service point, Budbee box, store pickup"; §5 "A
 * service point or store must be selected"). One rule for the server (which refuses an order without its point or
 * store), the worker (which sends them) and the checkout (which asks for them). The codes are the seeded methods':
 * `dhl/servicepoint` (NL) and `dhl/servicepoint_be` (BE), `budbee/box`, `storepickup/storepickup`.
 */
export type DeliveryKind = 'home' | 'servicepoint' | 'budbee' | 'store';

/** The carriers whose parcel shops the shopper picks from (GET /api/ext/parcel-shops/{carrier}/…). */
export type ParcelCarrier = 'dhl' | 'budbee';

export function deliveryKind(method: { carrier_code: string; method_code: string }): DeliveryKind {
  if (method.carrier_code === 'storepickup') return 'store';
  if (method.carrier_code === 'budbee') return 'budbee';
  if (method.carrier_code === 'dhl' && method.method_code.startsWith('servicepoint')) return 'servicepoint';
  return 'home';
}

/** The carrier whose parcel shop a method needs, or null when it needs none (home delivery, store pickup). */
export function parcelCarrierOf(kind: DeliveryKind): ParcelCarrier | null {
  if (kind === 'servicepoint') return 'dhl';
  if (kind === 'budbee') return 'budbee';
  return null;
}

/**
 * Spec 001 §5 "A service point or store must be selected": the choice lacks the parcel shop of its carrier or the
 * store its method needs. The server checks the same against its own parcel shops and stores.
 */
export function lacksPointOrStore(choice: {
  carrier_code: string;
  method_code: string;
  point?: { carrier: string } | null;
  store?: unknown;
}): boolean {
  const kind = deliveryKind(choice);
  const carrier = parcelCarrierOf(kind);
  if (carrier) return choice.point?.carrier !== carrier;
  return kind === 'store' && !choice.store;
}
