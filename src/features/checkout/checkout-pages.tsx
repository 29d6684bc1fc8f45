import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type ComponentType, type FormEvent } from 'react';
import type { CartState, CheckoutDetails, Customer, ShippingChoice } from '../../../worker/api-types.ts';
import { lacksPointOrStore } from '../../../domain/checkout/delivery.ts';
import { VALIDATION_MESSAGES } from '../../../domain/validation/messages.ts';
import type { Errors } from '../../lib/address-form.ts';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyPage } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { EmailField, NameFields, RadioGroup } from '../../ui/field.tsx';
import { AddressFields, SavedAddressChoice, type SavedAddress } from './address-fields.tsx';
import {
  ADDRESS_FIRST,
  formToOrderAddress,
  orderAddressToForm,
  savedToOrderAddress,
  validateCheckoutAddress,
  validatePersonal,
  type CheckoutAddressForm,
} from './checkout-address.ts';
import { DeliveryChoice } from './delivery-choice.tsx';

const FALLBACK_PAYMENT = [
  { code: 'ideal', label: 'iDEAL' },
  { code: 'creditcard', label: 'Creditcard (Visa, Mastercard)' },
  { code: 'riverty', label: 'Achteraf betalen met Riverty' },
];

/** The cart's lines and totals beside the form belong to the cart feature; the checkout route passes them in. */
export interface CheckoutCartViews {
  CartLines: ComponentType<{ items: CartState['items']; editable?: boolean }>;
  CartSummary: ComponentType<{ cart: CartState }>;
}

export function CheckoutPage(views: CheckoutCartViews) {
  useDocumentTitle(t('Checkout'));
  const cart = useLiveQuery({ name: 'cart' });
  const user = useLiveQuery({ name: 'user' });
  const saved = useLiveQuery({ name: 'checkout' });
  useEffect(() => {
    shop()
      .loadPaymentMethods()
      .catch(() => undefined);
  }, []);
  if (!cart || !user || !saved) return <Loader />;
  if (!cart.items.length) {
    return (
      <EmptyPage
        title={t('Your cart is empty')}
        text={t('The cart is empty before checkout.')}
        linkLabel={t('Continue shopping')}
      />
    );
  }
  // The form starts from the details saved on the device (reload, offline) once they are read.
  return <CheckoutForm {...views} cart={cart} me={user.current} saved={saved} />;
}

function CheckoutForm({
  CartLines,
  CartSummary,
  cart,
  me,
  saved,
}: CheckoutCartViews & { cart: CartState; me: Customer | null; saved: CheckoutDetails }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const addresses = (me?.addresses ?? []).filter((a): a is SavedAddress => a.id !== undefined);
  const [savedAddressId, setSavedAddressId] = useState<number | 'new'>(
    () => (addresses.find((a) => a.default_shipping) ?? addresses[0])?.id ?? 'new',
  );
  const [address, setAddress] = useState<CheckoutAddressForm>(() => orderAddressToForm(saved.shippingAddress));
  const [personalErrors, setPersonalErrors] = useState<Errors>({});
  const [addressErrors, setAddressErrors] = useState<Errors>({});
  const [shipping, setShipping] = useState<ShippingChoice | null>(saved.shippingMethod);
  const [deliveryError, setDeliveryError] = useState<string | null>(null);
  const chosenSaved = addresses.find((a) => a.id === savedAddressId) ?? null;
  const country = chosenSaved?.country_id ?? address.country;
  // Spec 001 §5: an address must be saved or selected before a shipping method.
  const addressReady = chosenSaved !== null || Object.keys(validateCheckoutAddress(address)).length === 0;
  const postcode = chosenSaved?.postcode ?? address.zipCode;
  const chooseShipping = useCallback((choice: ShippingChoice) => {
    setShipping(choice);
    setDeliveryError(null);
    // The choice, with its point or store, is part of the checkout details on the device.
    void shop().saveCheckoutDetails({ shippingMethod: choice });
  }, []);
  const PAYMENT = cart.paymentMethods.length
    ? cart.paymentMethods.map((m) => ({ code: m.code, label: m.title }))
    : FALLBACK_PAYMENT;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = (k: string) => String(f.get(k) ?? '').trim();
    const names = { firstname: v('firstname'), lastname: v('lastname') };
    const personal = validatePersonal({ ...names, email: v('email') });
    const errors = chosenSaved ? {} : validateCheckoutAddress(address);
    setPersonalErrors(personal);
    setAddressErrors(errors);
    if (Object.keys(personal).length || Object.keys(errors).length) return;
    if (!shipping) return setDeliveryError(ADDRESS_FIRST);
    if (lacksPointOrStore(shipping)) return setDeliveryError(VALIDATION_MESSAGES.servicePointOrStore);
    const shippingAddress = chosenSaved ? savedToOrderAddress(chosenSaved) : formToOrderAddress(address, names);
    setPending(true);
    try {
      await shop().saveCheckoutDetails({
        personal: { ...names, email: v('email'), telephone: shippingAddress.telephone ?? undefined },
        shippingAddress,
        shippingMethod: shipping,
        paymentMethod: { code: v('payment') },
      });
      const result = await shop().placeOrder();
      if (result.ok) {
        void navigate({ to: '/checkout-return/', search: { order: result.orderId } as never });
      } else {
        notify({
          type: 'danger',
          message: result.messageKey ?? 'Error placing an order; something went wrong with the order.',
        });
      }
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="page checkout-page">
      <h1>{t('Checkout')}</h1>
      <div className="cart-layout">
        <form className="checkout-form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset>
            <legend>Je gegevens</legend>
            <EmailField defaultValue={saved.personal?.email ?? me?.email} error={personalErrors.email} />
            <NameFields defaults={saved.personal ?? me} errors={personalErrors} />
          </fieldset>
          <fieldset>
            <legend>{t('Delivery address')}</legend>
            {addresses.length ? (
              <SavedAddressChoice addresses={addresses} value={savedAddressId} onChange={setSavedAddressId} />
            ) : null}
            {chosenSaved ? null : <AddressFields value={address} onChange={setAddress} errors={addressErrors} />}
          </fieldset>
          <DeliveryChoice
            country={country}
            postcode={addressReady ? postcode : null}
            value={shipping}
            onChange={chooseShipping}
            error={deliveryError}
          />
          <RadioGroup
            legend={t('Payment methods')}
            name="payment"
            options={PAYMENT.map((p) => [p.code, p.label] as const)}
          />
          <Button type="submit" className="btn-block" disabled={pending}>
            {t('Place order')}
          </Button>
        </form>
        <aside className="cart-aside">
          <CartLines items={cart.items} editable={false} />
          <CartSummary cart={cart} />
        </aside>
      </div>
    </div>
  );
}

export function CheckoutReturnPage() {
  useDocumentTitle(t('Thank you for your order!'));
  const orderId = new URLSearchParams(window.location.search).get('order') ?? '';
  return (
    <EmptyPage
      title={t('Thank you for your order!')}
      text={
        orderId
          ? t('Your order number is {orderId}. You will receive a confirmation by e-mail.', { orderId })
          : undefined
      }
      linkLabel={t('Continue shopping')}
    />
  );
}

export function CheckoutFailedPage() {
  useDocumentTitle(t('Payment failed'));
  return (
    <EmptyPage
      title={t('Payment failed')}
      text={t('Your payment was not completed. Your cart has been kept, so you can try again.')}
    >
      <Link to="/winkelwagen/" className="btn btn-primary">
        {t('Back to cart')}
      </Link>
    </EmptyPage>
  );
}
