import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import type { TestServer } from '../../../support/test-server.ts';

/** A guest shopper, for tests where who orders does not matter. */
const GUEST: NonNullable<CheckoutDetails['personal']> = {
  email: 'noor@example.nl',
  firstname: 'Noor',
  lastname: 'Bakker',
  createAccount: false,
};

/** Checkout details for a Dutch home delivery with the first active NL shipping method and iDEAL. */
export async function dutchCheckoutDetails(
  server: TestServer,
  personal: NonNullable<CheckoutDetails['personal']> = GUEST,
): Promise<CheckoutDetails> {
  const { rows } = await server.db.query<{ carrier_code: string; method_code: string }>(
    `select carrier_code, method_code from shipping_methods where is_active and 'NL' = any(countries) order by position limit 1`,
  );
  return {
    personal,
    shippingAddress: {
      firstname: personal.firstname,
      lastname: personal.lastname,
      street: ['Kalverstraat', '1'],
      city: 'Amsterdam',
      postcode: '1012 NX',
      country_id: 'NL',
    },
    shippingMethod: rows[0],
    paymentMethod: { code: 'ideal' },
  };
}
