import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import type { CartState, CheckoutStep } from '../../../worker/api-types.ts';
import { isStrongPassword, isValidEmail, isValidName } from '../../../domain/validation/index.ts';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { useOnline } from '../../lib/online.ts';
import { shop } from '../../lib/shop.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { EmptyPage } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { AddressStep } from './address-step.tsx';
import {
  detailsFromDraft,
  draftFromDetails,
  totalsKey,
  type CheckoutDraft,
  type DraftPatch,
} from './checkout-draft.ts';
import { PaymentStep } from './payment-step.tsx';
import { PersonalStep } from './personal-step.tsx';
import { shippingChoice, ShippingStep } from './shipping-step.tsx';
import { SummaryStep, type TotalsState } from './summary-step.tsx';
import { usePlacedOrder } from './use-placed-order.ts';
import { trackAccount, trackCheckoutSubmitted, useTrackBeginCheckout } from '../../lib/analytics/events.ts';

/** Used until (or when offline, instead of) the server's methods for the cart arrive; the shop's own codes. */
const FALLBACK_SHIPPING = [
  { carrier_code: 'dhl', method_code: 'home', method_title: 'Thuisbezorgd (1-3 werkdagen)', price_incl_tax: 0 },
  {
    carrier_code: 'dhl',
    method_code: 'servicepoint',
    method_title: 'Afhalen bij een DHL ServicePoint',
    price_incl_tax: 0,
  },
  { carrier_code: 'budbee', method_code: 'box', method_title: 'Budbee-box', price_incl_tax: 0 },
  {
    carrier_code: 'storepickup',
    method_code: 'storepickup',
    method_title: 'Gratis afhalen in de winkel',
    price_incl_tax: 0,
  },
];
const FALLBACK_PAYMENT = [
  { code: 'ideal', title: 'iDEAL' },
  { code: 'creditcard', title: 'Creditcard (Visa, Mastercard)' },
  { code: 'riverty', title: 'Achteraf betalen met Riverty' },
];
/** The totals are asked for once the shopper paused typing (the postcode decides nothing until it is whole). */
const TOTALS_DEBOUNCE_MS = 400;

/** The cart's lines beside the summary belong to the cart feature; the checkout route passes them in. */
export interface CheckoutCartViews {
  CartLines: ComponentType<{ items: CartState['items']; editable?: boolean }>;
}

type StepErrors = Partial<Record<CheckoutStep, string>>;

/** Spec 001 §5 rules of the personal step; the first broken one is the step's message. */
function personalError(d: CheckoutDraft, member: boolean): string | null {
  return (
    isValidEmail(d.email) ??
    isValidName(d.firstname) ??
    isValidName(d.lastname) ??
    (!member && d.createAccount ? isStrongPassword(d.password) : null)
  );
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
  const [totalsFor, setTotalsFor] = useState<string | null>(null);
  /** The server refused the chosen address or methods for the totals: its message on the step it concerns. */
  const [totalsRefused, setTotalsRefused] = useState<StepErrors>({});
  const inFlight = useRef(false);
  const [placing, setPlacing] = useState(false);
  const member = !!user?.current;
  useTrackBeginCheckout(cart);
  const placed = usePlacedOrder({
    onRejected: (rejection) => {
      setErrors({ [rejection.step]: rejection.message });
      inFlight.current = false;
      setPlacing(false);
    },
  });

  useEffect(() => {
    if (!draft && saved && user) setDraft(draftFromDetails(saved, user.current));
  }, [draft, saved, user]);

  // every step is kept on the device as it changes (reload and offline keep it)
  useEffect(() => {
    if (!draft) return;
    const timer = setTimeout(() => void shop().saveCheckoutDetails(detailsFromDraft(draft)), 250);
    return () => clearTimeout(timer);
  }, [draft]);

  const country = draft?.country;
  useEffect(() => {
    if (!country || !cart?.connected || !online) return;
    shop()
      .loadShippingMethods({ country_id: country })
      .catch(() => undefined);
  }, [country, cart?.connected, online]);

  const cartSignature = cart ? cart.items.map((i) => `${i.sku}×${i.qty}`).join(',') : '';
  const key = draft ? totalsKey(draft, cartSignature) : null;
  const ready = !!draft && !!draft.shipping && !!draft.payment && !!draft.postcode.trim();
  useEffect(() => {
    if (!draft || !key || !ready || !online || !cart?.connected || placing) return;
    let current = true;
    const timer = setTimeout(async () => {
      await shop().saveCheckoutDetails(detailsFromDraft(draft));
      const result = await shop().collectCheckoutTotals();
      if (!current) return;
      setTotalsFor(result.ok ? key : null);
      setTotalsRefused(result.step && result.messageKey ? { [result.step]: result.messageKey } : {});
      if (result.ok) void shop().loadPaymentMethods();
    }, TOTALS_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // the key names every input the totals depend on
  }, [key, ready, online, cart?.connected]);

  const shippingMethods = cart?.shippingMethods.length ? cart.shippingMethods : FALLBACK_SHIPPING;
  const paymentMethods = cart?.paymentMethods.length ? cart.paymentMethods : FALLBACK_PAYMENT;
  // a choice the country's methods no longer offer falls back to the first offered one
  useEffect(() => {
    if (!draft) return;
    const patch: DraftPatch = {};
    if (!shippingMethods.some((m) => shippingChoice(m) === draft.shipping) && shippingMethods[0])
      patch.shipping = shippingChoice(shippingMethods[0]);
    if (!paymentMethods.some((p) => p.code === draft.payment) && paymentMethods[0])
      patch.payment = paymentMethods[0].code;
    if (Object.keys(patch).length) setDraft({ ...draft, ...patch });
  }, [draft, shippingMethods, paymentMethods]);

  if (placed.progress) return <Loader message={t(placed.progress)} />;
  // the order was placed and the cart emptied: the payment page is on its way
  if (placing && !cart?.items.length) return <Loader />;
  if (!cart || !draft) return <Loader />;
  if (!cart.items.length) {
    return (
      <EmptyPage
        title={t('Your cart is empty')}
        text={t('The cart is empty before checkout.')}
        linkLabel={t('Continue shopping')}
      />
    );
  }

  const change = (patch: DraftPatch) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const totalsState: TotalsState = !online
    ? 'offline'
    : totalsFor === key
      ? 'server'
      : Object.keys(totalsRefused).length
        ? 'refused'
        : 'calculating';
  const shown: StepErrors = { ...totalsRefused, ...errors };
  const chosenShipping = shippingMethods.find((m) => shippingChoice(m) === draft.shipping) ?? null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // a double tap: the first tap places the order, the second finds it in flight (one client order id)
    if (inFlight.current) return;
    inFlight.current = true;
    setPlacing(true);
    let waitingForAnswer = false;
    try {
      setErrors({});
      const personal = personalError(draft, member);
      if (personal) return setErrors({ personal });
      if (!draft.termsAccepted) return setErrors({ summary: 'Please accept the terms and conditions.' });
      trackCheckoutSubmitted(cart, chosenShipping?.method_title ?? draft.shipping, draft.payment);
      await shop().saveCheckoutDetails(detailsFromDraft(draft));
      if (draft.createAccount && !member) {
        const registered = await shop().register({
          customer: { email: draft.email.trim(), firstname: draft.firstname.trim(), lastname: draft.lastname.trim() },
          password: draft.password,
        });
        if (!registered.ok)
          return setErrors({ personal: registered.messageKey ?? 'An error occurred during the submission process.' });
        trackAccount('sign_up', draft.email);
      }
      const result = await shop().placeOrder();
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
      <form className="checkout-form cart-layout" onSubmit={(e) => void submit(e)}>
        <div className="checkout-steps">
          <PersonalStep draft={draft} onChange={change} error={shown.personal} member={member} />
          <AddressStep draft={draft} onChange={change} error={shown.address} />
          <ShippingStep draft={draft} onChange={change} error={shown.shipping} methods={shippingMethods} />
          <PaymentStep draft={draft} onChange={change} error={shown.payment} methods={paymentMethods} />
        </div>
        <aside className="cart-aside">
          <SummaryStep
            draft={draft}
            onChange={change}
            error={shown.summary}
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
