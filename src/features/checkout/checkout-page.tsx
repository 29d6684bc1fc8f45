import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import type { CartState, CheckoutStep, PaymentMethod } from '../../../worker/api-types.ts';
import { agreedAmounts } from '../../../domain/cart/totals-rule.ts';
import { lacksPointOrStore } from '../../../domain/checkout/delivery.ts';
import { isStrongPassword, VALIDATION_MESSAGES } from '../../../domain/validation/index.ts';
import type { Errors } from '../../lib/address-form.ts';
import { t } from './checkout-texts.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { storeView } from '../../lib/store-view.ts';
import { useAsync } from '../../lib/use-async.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EmptyCartPage } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { AddressStep } from './address-step.tsx';
import type { SavedAddress } from './address-fields.tsx';
import { ADDRESS_FIRST, validateCheckoutAddress, validatePersonal } from './checkout-address.ts';
import {
  detailsFromDraft,
  draftFromDetails,
  orderAddressOf,
  savedAddresses,
  totalsKey,
  type CheckoutDraft,
  type DraftPatch,
  type StepProps,
} from './checkout-draft.ts';
import { PaymentStep } from './payment-step.tsx';
import { PersonalStep } from './personal-step.tsx';
import { ShippingStep } from './shipping-step.tsx';
import { SummaryStep, type TotalsState } from './summary-step.tsx';
import { usePlacedOrder } from './use-placed-order.ts';
import { trackAccount, trackCheckoutSubmitted, useTrackBeginCheckout } from '../../lib/analytics/events.ts';

const NO_METHODS: PaymentMethod[] = [];
/** The totals are asked for once the shopper paused typing (the postcode decides nothing until it is whole). */
const TOTALS_DEBOUNCE_MS = 400;

/** The cart's lines beside the summary belong to the cart feature; the checkout route passes them in. */
export interface CheckoutCartViews {
  CartLines: ComponentType<{ items: CartState['items']; editable?: boolean }>;
}

type StepErrors = Partial<Record<CheckoutStep, string>>;
/** The Dutch field errors of the personal and address steps (spec 001 §5 rules). */
type FieldErrors = { personal: Errors; address: Errors };
const NO_FIELD_ERRORS: FieldErrors = { personal: {}, address: {} };

/** The personal step's rules: the account's e-mail and name rules, and a strong password for a new account. */
function personalErrors(d: CheckoutDraft, member: boolean): Errors {
  const password = !member && d.createAccount ? isStrongPassword(d.password) : null;
  return { ...validatePersonal({ ...d, middlename: d.address.middlename }), ...(password ? { password } : {}) };
}

/**
 * Spec 001 §5 before an order: the personal details and the address (unless a saved one is chosen) follow the
 * domain's rules, a method is chosen once the address is there, and a ServicePoint, Budbee box or store is chosen
 * for a method that needs one. The field errors, and the shipping step's message.
 */
function checkBeforeOrder(
  d: CheckoutDraft,
  member: boolean,
  saved: SavedAddress | null,
): { fields: FieldErrors; shipping: string | null } {
  const fields = { personal: personalErrors(d, member), address: saved ? {} : validateCheckoutAddress(d.address) };
  const shipping = !d.shipping
    ? ADDRESS_FIRST
    : lacksPointOrStore(d.shipping)
      ? VALIDATION_MESSAGES.servicePointOrStore
      : null;
  return { fields, shipping };
}

/**
 * `/checkout` (spec 001 §2): personal details, address, shipping method, payment method and the summary with the
 * terms, on one phone-first page. Every change is kept on the device (the worker's checkout details), the server's
 * totals follow the chosen address and methods, and "Bestelling plaatsen" places one order and goes to the payment
 * page — or, when the server refuses it, stays here with its message on the step it concerns.
 */
export function CheckoutPage({ CartLines }: CheckoutCartViews) {
  useDocumentTitle(t('Checkout'));
  const cart = useLiveQuery({ name: 'cart' });
  const user = useLiveQuery({ name: 'user' });
  const saved = useLiveQuery({ name: 'checkout' });
  const online = useOnline();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CheckoutDraft | null>(null);
  const [errors, setErrors] = useState<StepErrors>({});
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const [totalsFor, setTotalsFor] = useState<string | null>(null);
  /** The server refused the chosen address or methods for the totals: its message on the step it concerns. */
  const [totalsRefused, setTotalsRefused] = useState<StepErrors>({});
  /** The totals of this choice found no server (refused, no answer): provisional, as offline, not calculating. */
  const [totalsUnreached, setTotalsUnreached] = useState<string | null>(null);
  const inFlight = useRef(false);
  const [placing, setPlacing] = useState(false);
  const member = !!user?.current;
  useTrackBeginCheckout(cart);
  const addresses = savedAddresses(user?.current);
  const chosenSaved = addresses.find((a) => a.id === draft?.savedAddressId) ?? null;
  const orderAddress = draft ? orderAddressOf(draft, chosenSaved) : null;
  // Spec 001 §5: an address must be saved or selected before a shipping method.
  const addressReady =
    !!draft && (chosenSaved !== null || Object.keys(validateCheckoutAddress(draft.address)).length === 0);
  const placed = usePlacedOrder({
    onRejected: (rejection) => {
      setErrors({ [rejection.step]: rejection.message });
      inFlight.current = false;
      setPlacing(false);
    },
  });

  useEffect(() => {
    if (!draft && saved && user) setDraft(draftFromDetails(saved, user.current, storeView().country));
  }, [draft, saved, user]);

  // every step is kept on the device as it changes (reload and offline keep it)
  useEffect(() => {
    if (!draft) return;
    const timer = setTimeout(() => void shop().saveCheckoutDetails(detailsFromDraft(draft, chosenSaved)), 250);
    return () => clearTimeout(timer);
  }, [draft, chosenSaved]);

  const cartSignature = cart ? cart.items.map((i) => `${i.sku}×${i.qty}`).join(',') : '';
  const key = draft && orderAddress ? totalsKey(orderAddress, draft, cartSignature) : null;
  const ready = !!draft && !!draft.shipping && !!draft.payment && addressReady;
  useEffect(() => {
    if (!draft || !key || !ready || !online || !cart?.connected || placing) return;
    let current = true;
    const timer = setTimeout(async () => {
      await shop().saveCheckoutDetails(detailsFromDraft(draft, chosenSaved));
      const result = await shop().collectCheckoutTotals();
      if (!current) return;
      setTotalsFor(result.ok ? key : null);
      setTotalsUnreached(!result.ok && !result.messageKey ? key : null);
      setTotalsRefused(result.step && result.messageKey ? { [result.step]: result.messageKey } : {});
    }, TOTALS_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // the key names every input the totals depend on
  }, [key, ready, online, cart?.connected]);

  // Spec 000 §5: the payment methods of the address's country (iDEAL is NL only: a BE address must not default to it),
  // asked again once the cart reached the server or the connection returned.
  const country = orderAddress?.country_id ?? storeView().country;
  const payments = useAsync(`${country} ${cart?.connected} ${online}`, () => shop().paymentMethods(country));
  const paymentMethods = payments.data ?? NO_METHODS;
  // a payment the country's methods no longer offer falls back to the first offered one (the delivery step does
  // the same for its method)
  useEffect(() => {
    const first = paymentMethods[0];
    if (first && draft && !paymentMethods.some((p) => p.code === draft.payment))
      setDraft((d) => (d ? { ...d, payment: first.code } : d));
  }, [draft, paymentMethods]);

  if (placed.progress) return <Loader message={t(placed.progress)} />;
  // the order was placed and the cart emptied: the payment page is on its way
  if (placing && !cart?.items.length) return <Loader />;
  if (!cart || !draft) return <Loader />;
  if (!cart.items.length) return <EmptyCartPage text={t('The cart is empty before checkout.')} />;

  const change = (patch: DraftPatch) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    // an error shown under a field goes once the field is valid, not at the next submit, and while it stays it says
    // what is wrong now (a name typed too long after it was missing); a field without an error gets none until then
    const next = { ...draft, ...patch } as CheckoutDraft;
    setFieldErrors((shownErrors) => {
      const now = checkBeforeOrder(next, member, chosenSaved).fields;
      const keep = (shown: Errors, current: Errors): Errors =>
        Object.fromEntries(
          Object.keys(shown)
            .filter((field) => field in current)
            .map((field) => [field, current[field]]),
        ) as Errors;
      return { personal: keep(shownErrors.personal, now.personal), address: keep(shownErrors.address, now.address) };
    });
    // a new method (or point, or store) answers the shipping step's message
    if ('shipping' in patch) setErrors((e) => ({ ...e, shipping: undefined }));
  };
  // before every step is filled the cart's own totals stand (the server's, shipping "vanaf" its cheapest delivery);
  // once they are, the totals of exactly this choice, and for the lines on screen: an answer given while restored
  // lines were still on their way to the server priced fewer goods (its shipping below the free threshold)
  const totalsState: TotalsState = !online
    ? 'offline'
    : !ready
      ? cart.totals.provisional
        ? 'calculating'
        : 'server'
      : totalsFor === key && !cart.totals.provisional
        ? 'server'
        : Object.keys(totalsRefused).length
          ? 'refused'
          : totalsUnreached === key
            ? 'offline'
            : 'calculating';
  const shown: StepErrors = { ...totalsRefused, ...errors };
  /** What every step gets: the draft, the change handler and the error shown on it. */
  const stepProps = (step: CheckoutStep): StepProps => ({ draft, onChange: change, error: shown[step] });
  const chosenShipping =
    cart.shippingMethods.find(
      (m) => m.carrier_code === draft.shipping?.carrier_code && m.method_code === draft.shipping?.method_code,
    ) ?? null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // a double tap: the first tap places the order, the second finds it in flight (one client order id)
    if (inFlight.current) return;
    inFlight.current = true;
    setPlacing(true);
    let waitingForAnswer = false;
    try {
      setErrors({});
      const checked = checkBeforeOrder(draft, member, chosenSaved);
      setFieldErrors(checked.fields);
      if (Object.values(checked.fields).some((f) => Object.keys(f).length)) return;
      if (checked.shipping) return setErrors({ shipping: checked.shipping });
      if (!draft.termsAccepted) return setErrors({ summary: 'Please accept the terms and conditions.' });
      trackCheckoutSubmitted(cart, chosenShipping?.method_title ?? draft.shipping?.method_code ?? '', draft.payment);
      await shop().saveCheckoutDetails(detailsFromDraft(draft, chosenSaved));
      if (draft.createAccount && !member) {
        const registered = await shop().register({
          customer: { email: draft.email.trim(), firstname: draft.firstname.trim(), lastname: draft.lastname.trim() },
          password: draft.password,
        });
        if (!registered.ok)
          return setErrors({ personal: registered.messageKey ?? 'An error occurred during the submission process.' });
        trackAccount('sign_up', draft.email);
      }
      // what the summary shows is what the shopper agrees to: the server places the order only at these amounts
      const result = await shop().placeOrder({
        lines: cart.items.map((i) => ({ sku: i.sku, unitCents: i.unitCents })),
        ...agreedAmounts(cart.totals),
      });
      if (!result.ok || !result.orderId) {
        return setErrors({
          summary: result.messageKey ?? 'Error placing an order; something went wrong with the order.',
        });
      }
      if (result.messageKey) {
        // offline: the order waits on the device; its confirmation says so
        void navigate({ to: '/checkout-return/' });
        return;
      }
      waitingForAnswer = true;
      placed.follow(result.orderId);
    } finally {
      if (!waitingForAnswer) {
        inFlight.current = false;
        setPlacing(false);
      }
    }
  };

  return (
    <div className="page checkout-page">
      <h1>{t('Checkout')}</h1>
      <form className="checkout-form cart-layout" onSubmit={(e) => void submit(e)} noValidate>
        <div className="checkout-steps">
          <PersonalStep {...stepProps('personal')} member={member} errors={fieldErrors.personal} />
          <AddressStep {...stepProps('address')} addresses={addresses} errors={fieldErrors.address} />
          <ShippingStep
            {...stepProps('shipping')}
            country={country}
            postcode={addressReady ? (orderAddress?.postcode ?? '') : null}
          />
          <PaymentStep {...stepProps('payment')} methods={paymentMethods} totals={cart.totals} />
        </div>
        <aside className="cart-aside">
          <SummaryStep
            {...stepProps('summary')}
            lines={<CartLines items={cart.items} editable={false} />}
            totals={cart.totals}
            totalsState={totalsState}
            shipping={chosenShipping}
            placing={placing}
          />
        </aside>
      </form>
    </div>
  );
}
