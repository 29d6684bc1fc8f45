import type { PaymentMethod } from '../cart/cart-state.ts';

/**
 * The shop's own payment methods per country, offered until the server's list for the address's country arrives
 * (offline, or before the guest cart reached the server): the codes of the seeded payment_methods, so an order placed
 * with one is accepted. iDEAL is Dutch and Bancontact Belgian; the server refuses either in the other country.
 */
const OFFLINE_PAYMENT: [code: string, title: string, countries: readonly ('NL' | 'BE')[]][] = [
  ['ideal', 'iDEAL', ['NL']],
  ['bancontact', 'Bancontact', ['BE']],
  ['creditcard', 'Creditcard (Visa, Mastercard)', ['NL', 'BE']],
  ['riverty', 'Achteraf betalen met Riverty', ['NL', 'BE']],
];

export function offlinePaymentMethods(country: string): PaymentMethod[] {
  const key = country.toUpperCase() === 'BE' ? 'BE' : 'NL';
  return OFFLINE_PAYMENT.filter(([, , countries]) => countries.includes(key)).map(([code, title]) => ({ code, title }));
}
