/** The checkout feature's pages (spec 001 §2 route table: /checkout, /checkout-return/, /checkout-failed/). */
export { CheckoutPage, type CheckoutCartViews } from './checkout-page.tsx';
export { CheckoutFailedPage, CheckoutReturnPage } from './checkout-return-page.tsx';
