import { Link, useParams } from '@tanstack/react-router';
import type { DonationLookup, DonationRecord } from '../../../worker/api-types.ts';
import { formatPrice } from '../../../domain/money.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import type { MessageKey } from '../../lib/i18n/index.ts';
import { t } from './donation-texts.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useAsync } from '../../lib/use-async.ts';
import { Button } from '../../ui/button.tsx';
import { Loader } from '../../ui/loader.tsx';
import { NotFoundPage } from '../../ui/missing-page.tsx';

/** What the page says for each status of the donation's payment: title and explanation. */
const BY_STATUS: Record<DonationRecord['status'], [title: MessageKey, text: MessageKey]> = {
  paid: ['Thank you for your donation!', 'Your donation to {cause} has been received.'],
  pending: ['Your donation has not been paid yet', 'Complete the payment to support {cause}.'],
  cancelled: ['Your donation has been cancelled', 'The payment was cancelled; nothing has been charged.'],
};

/**
 * Where the payment page returns the donor: `/mannen-voor-mannen/donatie/{hashKey}` (spec 001 §3 "a donation record
 * fetched by hash key"). It reads the donation's state from the server and thanks only for a paid donation.
 */
export function DonationStatusPage() {
  const { hashKey } = useParams({ strict: false }) as { hashKey: string };
  const online = useOnline();
  // read again when the connection returns, so a donor who came back offline sees the state once online
  const lookup = useAsync<DonationLookup>(`${hashKey}:${online}`, () => shop().donationByHash(hashKey));
  const answer = lookup.status === 'success' ? lookup.data : null;
  const donation = answer?.ok ? answer.donation : null;
  useDocumentTitle(donation ? t(BY_STATUS[donation.status][0]) : t('Donation'));
  if (lookup.status === 'loading') return <Loader />;
  if (answer && !answer.ok && answer.reason === 'not-found') return <NotFoundPage />;
  if (!donation) {
    return (
      <div className="page narrow donation-status">
        <h1>{t('Donation')}</h1>
        <p role="alert">{t('Your donation cannot be shown right now. Try again when you are online.')}</p>
        <Button variant="secondary" onClick={lookup.reload}>
          {t('Try again')}
        </Button>
      </div>
    );
  }
  const [title, text] = BY_STATUS[donation.status];
  const amount = formatPrice(donation.amount_cents);
  return (
    <div className="page narrow donation-status" data-status={donation.status}>
      <h1>{t(title)}</h1>
      <p>{t(text, { cause: donation.cause_title })}</p>
      <dl className="donation-summary">
        <dt>{t('Amount')}</dt>
        <dd>{donation.frequency === 'monthly' ? t('{amount} per month', { amount }) : amount}</dd>
        <dt>{t('How often do you give?')}</dt>
        <dd>{t(donation.frequency === 'monthly' ? 'Monthly' : 'One-off')}</dd>
        <dt>{t('Payment methods')}</dt>
        <dd>{donation.payment_method_title}</dd>
        <dt>{t('Name')}</dt>
        <dd>{donation.name}</dd>
      </dl>
      {donation.status === 'pending' && donation.redirect_url ? (
        // the payment page is served by the server, not the app: a plain link
        <a className="btn btn-primary" href={donation.redirect_url}>
          {t('Pay now')}
        </a>
      ) : null}
      {donation.status === 'cancelled' ? (
        <Link className="btn btn-primary" to="/mannen-voor-mannen/$slug" params={{ slug: donation.cause_slug }}>
          {t('Donate again')}
        </Link>
      ) : null}
      <p>
        <Link to="/">{t('Continue shopping')}</Link>
      </p>
    </div>
  );
}
