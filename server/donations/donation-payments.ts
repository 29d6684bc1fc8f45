import type { DonationFrequency, DonationStatus } from '../../domain/donation.ts';
import { formatPrice } from '../../domain/money.ts';
import type { Database, Queryable } from '../db/index.ts';
import type { PaymentSource } from '../orders/payment-routes.ts';
import { PAYMENT_EXPIRY_MINUTES } from '../orders/payment-settle.ts';

export interface DonationRow {
  id: number;
  hash_key: string;
  payment_key: string;
  cause_slug: string;
  cause_title: string;
  frequency: DonationFrequency;
  amount_cents: number;
  donor_name: string;
  payment_method: string;
  payment_method_title: string;
  status: DonationStatus;
}

/** Donation pages are the CMS stories under this path (spec 001 §2 route `/mannen-voor-mannen/{slug}`). */
export const DONATION_PAGE_PATH = 'mannen-voor-mannen/';

/** Where the payment page returns the donor: the donation's status page, by hash key (docs/checkout-and-orders.md "Donations"). */
export const donationStatusPath = (hashKey: string) => `/${DONATION_PAGE_PATH}donatie/${encodeURIComponent(hashKey)}`;

export const paymentPagePath = (paymentKey: string) => `/pay/${encodeURIComponent(paymentKey)}`;

export async function findDonation(
  db: Queryable,
  by: { hashKey: string } | { paymentKey: string },
  lock = false,
): Promise<DonationRow | null> {
  const [column, key] = 'hashKey' in by ? ['hash_key', by.hashKey] : ['payment_key', by.paymentKey];
  const { rows } = await db.query<DonationRow>(
    `select d.id, d.hash_key, d.payment_key, d.cause_slug, coalesce(s.name, d.cause_slug) as cause_title,
            d.frequency, d.amount_cents, d.donor_name, d.payment_method, m.title as payment_method_title, d.status
       from donations d join donation_payment_methods m on m.code = d.payment_method
       left join cms_stories s on s.full_slug = '${DONATION_PAGE_PATH}' || d.cause_slug
      where d.${column} = $1${lock ? ' for update of d' : ''}`,
    [key],
  );
  return rows[0] ?? null;
}

/** "€ 10,00" or, for a monthly gift, "€ 10,00 per maand" (what the payment page and the status page say). */
export const donationAmountText = (d: Pick<DonationRow, 'amount_cents' | 'frequency'>) =>
  `${formatPrice(d.amount_cents)}${d.frequency === 'monthly' ? ' per maand' : ''}`;

/**
 * A donation on the local payment page. Paid or cancelled once; a pending donation is cancelled after the same
 * expiry as an order's payment. Either way the donor returns to the donation's status page.
 */
export const donationPayments: PaymentSource = {
  async expireStale(db: Database, now: Date) {
    await db.query(
      `update donations set status = 'cancelled', settled_at = $1
        where status = 'pending' and created_at < $1::timestamptz - make_interval(mins => $2)`,
      [now.toISOString(), PAYMENT_EXPIRY_MINUTES],
    );
  },
  async find(db, paymentKey) {
    const donation = await findDonation(db, { paymentKey });
    if (!donation) return null;
    return {
      paymentKey,
      details: [
        ['Donatie', donation.cause_title],
        ['Bedrag', donationAmountText(donation)],
        ['Betaalmethode', donation.payment_method_title],
      ],
      status: donation.status,
    };
  },
  async settle(tx, paymentKey, outcome, now) {
    const donation = await findDonation(tx, { paymentKey }, true);
    if (!donation) return null;
    if (donation.status === 'pending') {
      await tx.query('update donations set status = $1, settled_at = $2 where id = $3', [
        outcome === 'paid' ? 'paid' : 'cancelled',
        now.toISOString(),
        donation.id,
      ]);
    }
    return donationStatusPath(donation.hash_key);
  },
};
