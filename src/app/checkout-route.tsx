import { CartLines } from '../features/cart/cart-lines.tsx';
import { CheckoutPage } from '../features/checkout/checkout-pages.tsx';

/** The checkout route: the checkout steps beside the cart's read-only lines. */
export function CheckoutRoute() {
  return <CheckoutPage CartLines={CartLines} />;
}
