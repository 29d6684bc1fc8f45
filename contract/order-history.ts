import { Type, type Static } from 'typebox';
import type { OrderDelivery } from './delivery.ts';
import { Nullable } from './schema-helpers.ts';

/** Order history pages when the query names none. */
export const ORDER_HISTORY_PAGE_SIZE = 20;

/** Spec 000 §7 "GET order-history: pageSize (default 20), currentPage (default 1)". */
export const OrderHistoryQuery = Type.Object({
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: ORDER_HISTORY_PAGE_SIZE })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
});
export type OrderHistoryQuery = Static<typeof OrderHistoryQuery>;

/** The address an order was sent to, as the order's body carried it (contract/order.ts OrderAddress). */
const HistoryAddress = Type.Unsafe<{
  street: string[] | string;
  postcode: string;
  city: string;
  country_id: string;
  [field: string]: unknown;
} | null>({ type: ['object', 'null'] });

/** An ordered line (Magento sales order item shape, euros). */
export const HistoryOrderLine = Type.Object({
  item_id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  qty_ordered: Type.Integer(),
  price_incl_tax: Type.Number(),
  row_total_incl_tax: Type.Number(),
  /** The chosen options with their Dutch titles: { options: [{ label: 'Kleur', value: 'Navy' }, …], … }. */
  product_option: Type.Unsafe<{ options?: { label: string; value: string }[]; [field: string]: unknown } | null>({
    type: ['object', 'null'],
  }),
});
export type HistoryOrderLine = Static<typeof HistoryOrderLine>;

/** An order as the account pages read it (Magento sales order shape, euros); its owner is the token's customer. */
export const HistoryOrder = Type.Object({
  entity_id: Type.Integer(),
  order_id: Type.String(),
  increment_id: Type.String(),
  created_at: Type.String(),
  status: Type.String(),
  customer_email: Type.String(),
  store_code: Type.String(),
  order_currency_code: Type.Literal('EUR'),
  subtotal_incl_tax: Type.Number(),
  shipping_incl_tax: Type.Number(),
  discount_amount: Type.Number(),
  tax_amount: Type.Number(),
  grand_total: Type.Number(),
  shipping_method: Nullable(Type.String()),
  payment: Type.Object({ method: Nullable(Type.String()), title: Nullable(Type.String()) }),
  /** The chosen method and its DHL ServicePoint, Budbee box or pickup store (contract/delivery.ts). */
  delivery: Type.Unsafe<OrderDelivery | null>({ type: ['object', 'null'] }),
  coupon_code: Nullable(Type.String()),
  shipping_address: HistoryAddress,
  billing_address: HistoryAddress,
  total_qty_ordered: Type.Integer(),
  items: Type.Array(HistoryOrderLine),
});
export type HistoryOrder = Static<typeof HistoryOrder>;

/** One page of GET order-history, newest first; `GET order-history/detail` answers one HistoryOrder. */
export const OrderHistoryPage = Type.Object({
  items: Type.Array(HistoryOrder),
  total_count: Type.Integer(),
  page_size: Type.Integer(),
  current_page: Type.Integer(),
});
export type OrderHistoryPage = Static<typeof OrderHistoryPage>;
