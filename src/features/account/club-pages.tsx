import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { Coupon, StoreTransaction } from '../../../worker/api-types.ts';
import { formatDate } from '../../../domain/datetime.ts';
import { formatPrice, toCents } from '../../../domain/money.ts';
import { t } from './account-texts.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { shop } from '../../lib/shop.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { Table } from '../../ui/table.tsx';
import { AccountLayout } from './account-layout.tsx';
import { Field } from '../../ui/field.tsx';

type Remote<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'unavailable' };

/** Loyalty and till data are online-only reads (not cached), so the page says so instead of showing stale numbers. */
function useRemote<T>(load: () => Promise<T | null>, key: string): Remote<T> {
  const loggedIn = useLiveQuery({ name: 'user' })?.loggedIn ?? false;
  const [remote, setRemote] = useState<Remote<T>>({ state: 'loading' });
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    setRemote({ state: 'loading' });
    load()
      .then((value) => live && setRemote(value === null ? { state: 'unavailable' } : { state: 'ready', value }))
      .catch(() => live && setRemote({ state: 'unavailable' }));
    return () => {
      live = false;
    };
    // the loader is a new closure each render; `key` names what it loads
  }, [loggedIn, key]);
  return remote;
}

function RemoteView<T>({ remote, children }: { remote: Remote<T>; children: (value: T) => ReactNode }) {
  if (remote.state === 'loading') return <Loader />;
  if (remote.state === 'unavailable') return <p>{t('This page is not available offline')}</p>;
  return <>{children(remote.value)}</>;
}

const euros = (value: number) => formatPrice(toCents(value));
const LEVEL = { bronze: 'Bronze', silver: 'Silver', gold: 'Gold' } as const;
const ENTRY_STATUS = { available: 'Available', pending: 'Pending', expired: 'Expired' } as const;

export function LoyaltyPage() {
  const remote = useRemote(() => shop().loadLoyalty(), 'loyalty');
  return (
    <AccountLayout title={t('OFM Club')}>
      <RemoteView remote={remote}>
        {(club) => (
          <>
            <dl className="details loyalty-summary">
              <dt>{t('Level')}</dt>
              <dd className="loyalty-level">{t(LEVEL[club.level])}</dd>
              <dt>{t('Spend in the last 12 months')}</dt>
              <dd>{euros(club.spend_last_12_months)}</dd>
              <dt>{t('Points available')}</dt>
              <dd className="loyalty-points">{club.points_available}</dd>
              <dt>{t('Points pending')}</dt>
              <dd>{club.points_pending}</dd>
              <dt>{t('Next level')}</dt>
              <dd>
                {club.next_level
                  ? t('{level} when you spend more than {amount} in 12 months', {
                      level: t(LEVEL[club.next_level.level]),
                      amount: euros(club.next_level.spend_above),
                    })
                  : t('You have reached the highest level.')}
              </dd>
            </dl>
            <h2>{t('Points and miles history')}</h2>
            {club.entries.length ? (
              <Table
                className="order-table loyalty-history"
                columns={[t('Date'), t('Description'), t('Points'), t('Miles'), t('Status')]}
              >
                {club.entries.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDate(e.created_at)}</td>
                    <td>{e.order_increment_id ? `${e.description} (${e.order_increment_id})` : e.description}</td>
                    <td>{e.points}</td>
                    <td>{e.miles}</td>
                    <td>{t(ENTRY_STATUS[e.status])}</td>
                  </tr>
                ))}
              </Table>
            ) : (
              <p>{t('No points yet.')}</p>
            )}
          </>
        )}
      </RemoteView>
    </AccountLayout>
  );
}

function discountOf(c: Coupon): string {
  return c.discount_type === 'fixed' ? euros(c.discount_value) : `${c.discount_value}%`;
}

export function CouponsPage() {
  const me = useLiveQuery({ name: 'user' })?.current;
  const coupons = me?.coupons ?? [];
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const code = String(new FormData(form).get('couponCode') ?? '').trim();
    setAdded(null);
    if (!code) return setError('Field is required');
    setPending(true);
    const result = await shop().addCoupon(code);
    setPending(false);
    setError(result.ok ? null : (result.messageKey ?? 'Not a valid coupon code.'));
    if (result.ok) {
      setAdded(code.toUpperCase());
      form.reset();
    }
  };
  return (
    <AccountLayout title={t('Coupons')}>
      {coupons.length ? (
        <ul className="coupon-list">
          {coupons.map((c) => (
            <li key={c.code} className={c.is_valid && !c.used_at ? 'coupon' : 'coupon is-inactive'}>
              <strong>{c.code}</strong> — {discountOf(c)} {c.description ? `· ${c.description}` : null}
              <br />
              <span className="muted">
                {c.used_at
                  ? `${t('Used')} ${formatDate(c.used_at)}`
                  : c.is_valid
                    ? c.valid_to
                      ? `${t('Valid until')} ${formatDate(c.valid_to)}`
                      : t('Valid')
                    : t('Expired')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('You have no coupons at the moment.')}</p>
      )}
      <h2>{t('Add coupon')}</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field name="couponCode" label={t('Coupon code')} error={error} autoComplete="off" required />
        <Button type="submit" disabled={pending}>
          {t('Add coupon')}
        </Button>
        {added ? (
          <p role="status" className="form-success">
            {t('Coupon {code} has been added.', { code: added })}
          </p>
        ) : null}
      </form>
    </AccountLayout>
  );
}

/** The in-store purchases block of the purchases page. */
export function StorePurchases() {
  const remote = useRemote(() => shop().loadTransactions(), 'transactions');
  return (
    <>
      <h2>{t('In-store purchases')}</h2>
      <RemoteView remote={remote}>
        {(list) =>
          list.length ? (
            <Table className="order-table store-purchases" columns={[t('Date'), t('Store'), t('Items'), t('Total')]}>
              {list.map((tr) => (
                <tr key={tr.transaction_id}>
                  <td>
                    <Link to={`/mijn-account/winkel-aankopen/${encodeURIComponent(tr.transaction_id)}`}>
                      {formatDate(tr.created_at)}
                    </Link>
                  </td>
                  <td>{storeName(tr)}</td>
                  <td>{tr.items_count}</td>
                  <td>{euros(tr.total)}</td>
                </tr>
              ))}
            </Table>
          ) : (
            <p>{t('You have no in-store purchases yet.')}</p>
          )
        }
      </RemoteView>
    </>
  );
}

const storeName = (tr: StoreTransaction) => (tr.store ? `${tr.store.name}, ${tr.store.city}` : '—');

export function TransactionPage() {
  const { transactionId } = useParams({ strict: false }) as { transactionId: string };
  const remote = useRemote(() => shop().loadTransaction(transactionId), `transaction-${transactionId}`);
  return (
    <AccountLayout title={t('In-store purchase')}>
      <RemoteView remote={remote}>
        {(tr) => (
          <>
            <p>
              {formatDate(tr.created_at)} · {storeName(tr)}
            </p>
            <ul className="order-items">
              {tr.items.map((i, n) => (
                <li key={`${i.sku}-${n}`}>
                  {i.qty} × {i.name} <span className="muted">({i.sku})</span> — {euros(i.price)}
                </li>
              ))}
            </ul>
            <p>
              <strong>
                {t('Total')}: {euros(tr.total)}
              </strong>
            </p>
          </>
        )}
      </RemoteView>
      <Link to="/mijn-account/aankopen/">{t('Back')}</Link>
    </AccountLayout>
  );
}
