import { Type, type Static } from 'typebox';
import { Email } from './customer.ts';
import { Nullable, StringEnum } from './schema-helpers.ts';

/**
 * Donation wire shapes (spec 001 §3 "Donation: payment methods list, and a donation record fetched by hash key", §7
 * "GET donations payment_methods", "POST create_donation | body {donation}", "GET donation by {hashKey}"). Amounts
 * travel as integer cents and say so in their name (`amount_cents`): a donation has no tax or totals to round.
 */

export const DonationPaymentMethod = Type.Object({ code: Type.String(), title: Type.String() });
export type DonationPaymentMethod = Static<typeof DonationPaymentMethod>;

/** The amount's bounds and the name's and e-mail's rules are checked by the route with their Dutch texts. */
export const DonationInput = Type.Object({
  cause_slug: Type.String({ minLength: 1, maxLength: 100 }),
  frequency: StringEnum(['once', 'monthly'] as const),
  amount_cents: Type.Integer(),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Email,
  payment_method: Type.String({ minLength: 1, maxLength: 50 }),
});
export type DonationInput = Static<typeof DonationInput>;

export const CreateDonationBody = Type.Object({ donation: DonationInput });
export type CreateDonationBody = Static<typeof CreateDonationBody>;

export const CreatedDonation = Type.Object({ hash_key: Type.String(), redirect_url: Type.String() });
export type CreatedDonation = Static<typeof CreatedDonation>;

/** A donation read back by its hash key: what the donor chose and where its payment stands. */
export const DonationRecord = Type.Object({
  hash_key: Type.String(),
  cause_slug: Type.String(),
  /** The donation page's story name, to thank for the right cause. */
  cause_title: Type.String(),
  frequency: StringEnum(['once', 'monthly'] as const),
  amount_cents: Type.Integer(),
  name: Type.String(),
  payment_method: Type.String(),
  payment_method_title: Type.String(),
  status: StringEnum(['pending', 'paid', 'cancelled'] as const),
  /** The payment page while the donation is pending, else null. */
  redirect_url: Nullable(Type.String()),
});
export type DonationRecord = Static<typeof DonationRecord>;
