import type { CheckoutDetails } from '../../../worker/api-types.ts';

/**
 * The checkout form as the shopper fills it, one flat value per field. It is kept on the device as the worker's
 * checkout details (spec 000 §9 storage key personal-details), so a reload or a dead connection keeps every step.
 */
export interface CheckoutDraft {
  email: string;
  firstname: string;
  lastname: string;
  telephone: string;
  createAccount: boolean;
  password: string;
  postcode: string;
  housenumber: string;
  street: string;
  city: string;
  country: string;
  /** `carrier_code:method_code`. */
  shipping: string;
  payment: string;
  termsAccepted: boolean;
}

export type DraftPatch = Partial<CheckoutDraft>;

/** The saved details (or, for a member without them, the profile) as the form's values. */
export function draftFromDetails(
  d: CheckoutDetails,
  member: { email?: string; firstname?: string; lastname?: string } | null | undefined,
): CheckoutDraft {
  const street = d.shippingAddress?.street;
  const [streetLine, houseNumber] = Array.isArray(street) ? street : [street ?? '', ''];
  return {
    email: d.personal?.email ?? member?.email ?? '',
    firstname: d.personal?.firstname ?? member?.firstname ?? '',
    lastname: d.personal?.lastname ?? member?.lastname ?? '',
    telephone: d.personal?.telephone ?? '',
    createAccount: d.personal?.createAccount ?? false,
    password: d.personal?.password ?? '',
    postcode: d.shippingAddress?.postcode ?? '',
    housenumber: houseNumber ?? '',
    street: streetLine ?? '',
    city: d.shippingAddress?.city ?? '',
    country: d.shippingAddress?.country_id ?? 'NL',
    shipping: d.shippingMethod ? `${d.shippingMethod.carrier_code}:${d.shippingMethod.method_code}` : '',
    payment: d.paymentMethod?.code ?? '',
    termsAccepted: d.termsAccepted ?? false,
  };
}

/** The form's values as the details the worker keeps and orders from. */
export function detailsFromDraft(f: CheckoutDraft): CheckoutDetails {
  const [carrier_code, method_code] = f.shipping.split(':');
  const telephone = f.telephone.trim() || undefined;
  return {
    personal: {
      email: f.email.trim(),
      firstname: f.firstname.trim(),
      lastname: f.lastname.trim(),
      ...(telephone ? { telephone } : {}),
      ...(f.createAccount ? { createAccount: true, password: f.password } : {}),
    },
    shippingAddress: {
      firstname: f.firstname.trim(),
      lastname: f.lastname.trim(),
      street: [f.street.trim(), f.housenumber.trim()],
      postcode: f.postcode.trim(),
      city: f.city.trim(),
      country_id: f.country || 'NL',
      ...(telephone ? { telephone } : {}),
    },
    shippingMethod: carrier_code && method_code ? { carrier_code, method_code } : null,
    paymentMethod: f.payment ? { code: f.payment } : null,
    termsAccepted: f.termsAccepted,
  };
}

/** What the server's totals depend on: when it changes, the totals on screen are no longer the charged ones. */
export function totalsKey(f: CheckoutDraft, cartSignature: string): string {
  return JSON.stringify([f.country, f.postcode.trim(), f.shipping, f.payment, cartSignature]);
}

/** What every step component takes: the form's values, a change, and the message the server gave for this step. */
export interface StepProps {
  draft: CheckoutDraft;
  onChange: (patch: DraftPatch) => void;
  error?: string | null;
}
