import type { OrderAddress } from '../../../contract/order.ts';
import type { CheckoutDetails, Customer, ShippingChoice } from '../../../worker/api-types.ts';
import type { SavedAddress } from './address-fields.tsx';
import {
  formToOrderAddress,
  orderAddressToForm,
  savedToOrderAddress,
  type CheckoutAddressForm,
} from './checkout-address.ts';

/**
 * The checkout form as the shopper fills it. It is kept on the device as the worker's checkout details (spec 000 §9
 * storage key personal-details), so a reload or a dead connection keeps every step.
 */
export interface CheckoutDraft {
  email: string;
  firstname: string;
  lastname: string;
  createAccount: boolean;
  password: string;
  /** The typed delivery address (with the phone number the carrier may need). */
  address: CheckoutAddressForm;
  /** A member's saved address to deliver to, or `'new'` for the typed one. */
  savedAddressId: number | 'new';
  /** The method with its DHL ServicePoint, Budbee box or pickup store (spec 001 §5). */
  shipping: ShippingChoice | null;
  payment: string;
  termsAccepted: boolean;
}

export type DraftPatch = Partial<CheckoutDraft>;

/** What of the member's profile a checkout starts from. */
type MemberStart = Pick<Customer, 'email' | 'firstname' | 'lastname' | 'addresses'>;

/** The member's saved addresses a checkout can deliver to (those with an id). */
export const savedAddresses = (me: MemberStart | null | undefined): SavedAddress[] =>
  (me?.addresses ?? []).filter((a): a is SavedAddress => a.id !== undefined);

/**
 * The saved details (or, for a member without them, the profile and default address) as the form's values; a new
 * address starts in `defaultCountry`, the store view's.
 */
export function draftFromDetails(
  d: CheckoutDetails,
  me: MemberStart | null | undefined,
  defaultCountry?: string,
): CheckoutDraft {
  const addresses = savedAddresses(me);
  return {
    email: d.personal?.email ?? me?.email ?? '',
    firstname: d.personal?.firstname ?? me?.firstname ?? '',
    lastname: d.personal?.lastname ?? me?.lastname ?? '',
    createAccount: d.personal?.createAccount ?? false,
    password: d.personal?.password ?? '',
    address: orderAddressToForm(d.shippingAddress, defaultCountry),
    savedAddressId: (addresses.find((a) => a.default_shipping) ?? addresses[0])?.id ?? 'new',
    shipping: d.shippingMethod,
    payment: d.paymentMethod?.code ?? '',
    termsAccepted: d.termsAccepted ?? false,
  };
}

/** The address the order goes to: the chosen saved one, or the typed one with the shopper's names. */
export function orderAddressOf(f: CheckoutDraft, saved: SavedAddress | null): OrderAddress {
  return saved
    ? savedToOrderAddress(saved)
    : formToOrderAddress(f.address, { firstname: f.firstname.trim(), lastname: f.lastname.trim() });
}

/** The form's values as the details the worker keeps and orders from. */
export function detailsFromDraft(f: CheckoutDraft, saved: SavedAddress | null): CheckoutDetails {
  const shippingAddress = orderAddressOf(f, saved);
  const telephone = shippingAddress.telephone ?? undefined;
  return {
    personal: {
      email: f.email.trim(),
      firstname: f.firstname.trim(),
      lastname: f.lastname.trim(),
      ...(telephone ? { telephone } : {}),
      ...(f.createAccount ? { createAccount: true, password: f.password } : {}),
    },
    shippingAddress,
    shippingMethod: f.shipping,
    paymentMethod: f.payment ? { code: f.payment } : null,
    termsAccepted: f.termsAccepted,
  };
}

/** What the server's totals depend on: when it changes, the totals on screen are no longer the charged ones. */
export function totalsKey(address: OrderAddress, f: CheckoutDraft, cartSignature: string): string {
  const method = f.shipping ? `${f.shipping.carrier_code}:${f.shipping.method_code}` : '';
  return JSON.stringify([address.country_id, address.postcode, method, f.payment, cartSignature]);
}

/** What every step component takes: the form's values, a change, and the message the server gave for this step. */
export interface StepProps {
  draft: CheckoutDraft;
  onChange: (patch: DraftPatch) => void;
  error?: string | null;
}
