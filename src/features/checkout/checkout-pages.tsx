/**
 * The checkout page (spec 001 §2 route table: /checkout). /checkout-return/ and /checkout-failed/ are
 * checkout-return-page.tsx, a chunk of their own: the first page after the payment provider needs none of the form.
 */
export { CheckoutPage, type CheckoutCartViews } from './checkout-page.tsx';
