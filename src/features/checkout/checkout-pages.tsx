import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import type { CartState } from '../../../worker/api-types.ts';
import { t } from '../../lib/i18n/index.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { notify } from '../../lib/notifications.ts';
import { shop } from '../../lib/shop.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyPage } from '../../ui/empty-state.tsx';
import { Loader } from '../../ui/loader.tsx';
import { EmailField, Field, NameFields, RadioGroup } from '../../ui/field.tsx';

/** Used until (or when offline, instead of) the server's methods for the cart arrive; the shop's own codes. */
const FALLBACK_SHIPPING = [
  { carrier_code: 'dhl', method_code: 'home', label: 'Thuisbezorgd (1-3 werkdagen)' },
  { carrier_code: 'dhl', method_code: 'servicepoint', label: 'Afhalen bij een DHL ServicePoint' },
  { carrier_code: 'budbee', method_code: 'box', label: 'Budbee-box' },
  { carrier_code: 'storepickup', method_code: 'storepickup', label: 'Gratis afhalen in de winkel' },
];
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

export function CheckoutPage({ CartLines, CartSummary }: CheckoutCartViews) {
  useDocumentTitle(t('Checkout'));
  const cart = useLiveQuery({ name: 'cart' });
  const user = useLiveQuery({ name: 'user' });
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  useEffect(() => {
    // Only available methods (spec 000 §5); needs a connected cart, so failures keep the fallback list.
    shop()
      .loadShippingMethods({ country_id: 'NL' })
      .catch(() => undefined);
    shop()
      .loadPaymentMethods()
      .catch(() => undefined);
  }, []);
  if (!cart) return <Loader />;
  const SHIPPING = cart.shippingMethods.length
    ? cart.shippingMethods.map((m) => ({
        carrier_code: m.carrier_code,
        method_code: m.method_code,
        label: m.method_title,
      }))
    : FALLBACK_SHIPPING;
  const PAYMENT = cart.paymentMethods.length
    ? cart.paymentMethods.map((m) => ({ code: m.code, label: m.title }))
    : FALLBACK_PAYMENT;
  if (!cart.items.length) {
    return (
      <EmptyPage
        title={t('Your cart is empty')}
        text={t('The cart is empty before checkout.')}
        linkLabel={t('Continue shopping')}
      />
    );
  }
  const me = user?.current;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = (k: string) => String(f.get(k) ?? '').trim();
    const [carrier_code, method_code] = v('shipping').split(':');
    setPending(true);
    try {
      await shop().saveCheckoutDetails({
        personal: {
          email: v('email'),
          firstname: v('firstname'),
          lastname: v('lastname'),
          telephone: v('telephone') || undefined,
        },
        shippingAddress: {
          firstname: v('firstname'),
          lastname: v('lastname'),
          street: [v('street'), v('housenumber')],
          postcode: v('postcode'),
          city: v('city'),
          country_id: v('country') || 'NL',
          telephone: v('telephone') || undefined,
        },
        shippingMethod: { carrier_code, method_code },
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
        <form className="checkout-form" onSubmit={(e) => void submit(e)}>
          <fieldset>
            <legend>Je gegevens</legend>
            <EmailField defaultValue={me?.email} />
            <NameFields defaults={me} />
            <Field name="telephone" label="Telefoonnummer" type="tel" autoComplete="tel" />
          </fieldset>
          <fieldset>
            <legend>Bezorgadres</legend>
            <div className="field-row">
              <Field name="postcode" label="Postcode" autoComplete="postal-code" required />
              <Field name="housenumber" label="Huisnummer" required />
            </div>
            <Field name="street" label="Straat" autoComplete="address-line1" required />
            <Field name="city" label="Plaats" autoComplete="address-level2" required />
            <label className="field">
              <span>Land</span>
              <select name="country" defaultValue="NL">
                <option value="NL">Nederland</option>
                <option value="BE">België</option>
              </select>
            </label>
          </fieldset>
          <RadioGroup
            legend={t('Shipping')}
            name="shipping"
            options={SHIPPING.map((s) => [`${s.carrier_code}:${s.method_code}`, s.label] as const)}
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
