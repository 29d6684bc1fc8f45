import { CartLines } from '../features/cart/cart-lines.tsx';
import { CartSummary } from '../features/cart/cart-summary.tsx';
import { CheckoutPage } from '../features/checkout/checkout-pages.tsx';

/** The checkout route: the checkout form beside the cart's read-only lines and totals. */
export function CheckoutRoute() {
  return <CheckoutPage CartLines={CartLines} CartSummary={CartSummary} />;
}

export { CheckoutFailedPage, CheckoutReturnPage } from '../features/checkout/checkout-pages.tsx';
