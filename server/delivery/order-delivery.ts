import type { OrderDelivery } from '../../contract/delivery.ts';
import type { OrderBody } from '../../contract/order.ts';
import { deliveryKind, parcelCarrierOf } from '../../domain/checkout/delivery.ts';
import { VALIDATION_MESSAGES, VALIDATION_TEXTS_NL } from '../../domain/validation/index.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../http/envelope.ts';
import { findParcelShop } from './parcel-shops.ts';

/** The chosen method's names, as pricing/shipping.ts reads them: delivery/ sits below pricing/ and knows no price. */
type ChosenMethod = { carrier_code: string; method_code: string; carrier_title: string; method_title: string };

const pointOrStoreMissing = (field: string) =>
  badRequest(`${field}: ${VALIDATION_TEXTS_NL[VALIDATION_MESSAGES.servicePointOrStore]}`);

/**
 * The delivery an order stores (spec 001 §1, §5 "A service point or store must be selected"): a DHL ServicePoint or
 * Budbee method needs a parcel shop of that carrier in the shipping country, store pickup needs one of the shop's
 * stores; without it the order is a 400 naming the field. Home delivery ignores both.
 */
export async function orderDelivery(
  db: Queryable,
  method: ChosenMethod,
  info: OrderBody['addressInformation'],
  country: string,
): Promise<OrderDelivery> {
  const delivery: OrderDelivery = {
    carrier_code: method.carrier_code,
    method_code: method.method_code,
    carrier_title: method.carrier_title,
    method_title: method.method_title,
    point: null,
    store: null,
  };
  const kind = deliveryKind(method);
  const carrier = parcelCarrierOf(kind);
  if (carrier) {
    const field = 'body.addressInformation.shipping_point';
    if (!info.shipping_point) throw pointOrStoreMissing(field);
    delivery.point = await findParcelShop(db, carrier, country, info.shipping_point.id);
    if (!delivery.point) throw pointOrStoreMissing(field);
  } else if (kind === 'store') {
    const field = 'body.addressInformation.pickup_store';
    if (!info.pickup_store) throw pointOrStoreMissing(field);
    const { rows } = await db.query<NonNullable<OrderDelivery['store']>>(
      `select id, slug, name, street, house_number, postcode, city, trim(country_id) as country_id
         from store_locations where id = $1`,
      [info.pickup_store.id],
    );
    delivery.store = rows[0] ?? null;
    if (!delivery.store) throw pointOrStoreMissing(field);
  }
  return delivery;
}
