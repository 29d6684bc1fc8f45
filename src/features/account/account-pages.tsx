import { Link, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { HistoryOrder, HistoryOrderLine } from '../../../contract/order-history.ts';
import { formatDate } from '../../../domain/datetime.ts';
import { variantText } from '../../../domain/cart/line-display.ts';
import { formatPrice, toCents } from '../../../domain/money.ts';
import { t } from './account-texts.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { shop } from '../../lib/shop.ts';
import { addressBusiness, addressLine, addressName } from '../../lib/address-form.ts';
import { Table } from '../../ui/table.tsx';
import { AccountLayout } from './account-layout.tsx';
import { StorePurchases } from './club-pages.tsx';

export function AccountHomePage() {
  const user = useLiveQuery({ name: 'user' });
  const me = user?.current;
  return (
    <AccountLayout title={t('My account')}>
      {me ? (
        <>
          <p>
            Welkom terug, <strong>{me.firstname}</strong>!
          </p>
          <dl className="details">
            <dt>{t('E-mail address')}</dt>
            <dd>{me.email}</dd>
            <dt>Adressen</dt>
            <dd>{me.addresses.length ? me.addresses.map(addressLine).join(' · ') : '—'}</dd>
          </dl>
        </>
      ) : null}
    </AccountLayout>
  );
}

/** The ordered variant as the cart line showed it ("Navy · M"). */
const orderedVariant = (line: HistoryOrderLine) =>
  variantText((line.product_option?.options ?? []).map((o) => o.value));

function useOrderHistory(): HistoryOrder[] {
  const user = useLiveQuery({ name: 'user' });
  useEffect(() => {
    if (user?.loggedIn)
      shop()
        .loadOrderHistory()
        .catch(() => undefined);
  }, [user?.loggedIn]);
  return user?.ordersHistory?.items ?? [];
}

export function OrdersPage() {
  const history = useOrderHistory();
  const local = (useLiveQuery({ name: 'orders' }) ?? []).filter((o) => !o.transmited);
  return (
    <AccountLayout title={t('Purchases')}>
      {history.length || local.length ? (
        <Table className="order-table" columns={[t('Order number'), t('Date'), t('Status'), t('Total')]}>
          {local.map((o) => (
            <tr key={o.order_id}>
              <td>{o.order_id.slice(0, 8)}</td>
              <td>{formatDate(o.created_at)}</td>
              <td>{t('Waiting to be sent')}</td>
              <td>—</td>
            </tr>
          ))}
          {history.map((o) => (
            <tr key={o.order_id}>
              <td>
                <Link to={`/mijn-account/aankopen/${o.increment_id}`}>{o.increment_id}</Link>
              </td>
              <td>{formatDate(o.created_at)}</td>
              <td>{t(o.status)}</td>
              <td>{formatPrice(toCents(o.grand_total))}</td>
            </tr>
          ))}
        </Table>
      ) : (
        <p>{t('You have no orders yet.')}</p>
      )}
      <StorePurchases />
    </AccountLayout>
  );
}

export function OrderPage() {
  const { orderId } = useParams({ strict: false }) as { orderId: string };
  const order = useOrderHistory().find((o) => o.increment_id === orderId || o.order_id === orderId);
  return (
    <AccountLayout title={order ? `${t('Order details')} ${order.increment_id}` : t('Order details')}>
      {order ? (
        <>
          <p>
            {formatDate(order.created_at)} · {t(order.status)}
          </p>
          <ul className="order-items">
            {(order.items ?? []).map((i) => (
              <li key={i.item_id}>
                {i.qty_ordered} × {i.name}
                {orderedVariant(i) ? (
                  <>
                    {' '}
                    <span className="order-item-variant">{orderedVariant(i)}</span>
                  </>
                ) : null}{' '}
                <span className="muted">({i.sku})</span> — {formatPrice(toCents(i.row_total_incl_tax))}
              </li>
            ))}
          </ul>
          <p>
            <strong>
              {t('Total')}: {formatPrice(toCents(order.grand_total))}
            </strong>
          </p>
          <OrderDeliveryDetails order={order} />
          <Link to="/mijn-account/aankopen/">{t('Back')}</Link>
        </>
      ) : (
        <p>{t('Order not found.')}</p>
      )}
    </AccountLayout>
  );
}

/** The name and, for a business address, company and btw-nummer above the order's address (spec 001 §3 labels). */
function orderAddressHead(address: NonNullable<HistoryOrder['shipping_address']>) {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const { firstname, middlename, lastname, company, vat_id } = address;
  const name = addressName({
    firstname: text(firstname) ?? '',
    middlename: text(middlename),
    lastname: text(lastname) ?? '',
  });
  const business = addressBusiness({ company: text(company), vat_id: text(vat_id) });
  return (
    <>
      {name ? <span className="order-address-name">{name}</span> : null}
      {name ? <br /> : null}
      {business ? <span className="order-address-business">{business}</span> : null}
      {business ? <br /> : null}
    </>
  );
}

/** Where the order goes and how it is paid (spec 001 §1 delivery options): address, method, point or store, payment; the status is in the line above it. */
function OrderDeliveryDetails({ order }: { order: HistoryOrder }) {
  const { delivery, shipping_address: address } = order;
  const point = delivery?.point;
  const store = delivery?.store;
  return (
    <dl className="details order-delivery">
      {address ? (
        <>
          <dt>{t('Delivery address')}</dt>
          <dd>
            {orderAddressHead(address)}
            {addressLine(address)} ({address.country_id})
          </dd>
        </>
      ) : null}
      {delivery ? (
        <>
          <dt>{t('Delivery')}</dt>
          <dd>
            {delivery.carrier_title} – {delivery.method_title}
            {point ? (
              <>
                <br />
                {point.name},{' '}
                {addressLine({ ...point.address, street: [point.address.street, point.address.house_number] })}
              </>
            ) : null}
            {store ? (
              <>
                <br />
                {store.name}, {addressLine({ ...store, street: [store.street, store.house_number] })}
              </>
            ) : null}
          </dd>
        </>
      ) : null}
      {order.payment?.method ? (
        <>
          <dt>{t('Payment method')}</dt>
          <dd>{order.payment.title ?? order.payment.method}</dd>
        </>
      ) : null}
    </dl>
  );
}

const OVERVIEW = [
  [
    '/mijn-account/persoonlijke-gegevens/',
    'Personal details',
    'Your name, e-mail address, date of birth and addresses.',
  ],
  ['/mijn-account/aankopen/', 'Purchases', 'Your orders and in-store purchases.'],
  ['/mijn-account/ofm-club/', 'OFM Club', 'Your level, points and miles.'],
  ['/mijn-account/coupons-overview/', 'Coupons', 'Your coupons and discount codes.'],
  ['/mijn-account/mijn-voorkeuren/', 'Preferences', 'Your favourite store, brands and the newsletter.'],
] as const;

/**
 * /mijn-account/placeholder-1/ (spec 001 §2 "placeholder", content not shown): an overview of the account sections.
 * It used to say "You have no orders yet." to everyone, also to customers with orders.
 */
export function AccountOverviewPage() {
  return (
    <AccountLayout title={t('Account overview')}>
      <p>{t('Everything about your account in one place.')}</p>
      <ul className="account-overview">
        {OVERVIEW.map(([to, title, text]) => (
          <li key={to}>
            <Link to={to}>{t(title)}</Link>
            <span className="muted"> — {t(text)}</span>
          </li>
        ))}
      </ul>
    </AccountLayout>
  );
}

export { CouponsPage, LoyaltyPage, TransactionPage } from './club-pages.tsx';
