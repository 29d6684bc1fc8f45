import type { CheckoutDetails } from '../../../../worker/orders/api-types.ts';
import type { TestServer, TestServerOptions } from '../../../support/test-server.ts';
import { engineSuite } from './engine.ts';

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

/**
 * `engineSuite` for a file of order tests: its server, plentiful skus and the Dutch checkout details of `personal`
 * (dutchCheckoutDetails; a guest when left out), handed to `found` before the file's tests.
 */
export function orderSuite(
  options: TestServerOptions,
  personal: NonNullable<CheckoutDetails['personal']> | undefined,
  found: (suite: { server: TestServer; skus: string[]; details: CheckoutDetails }) => void,
): void {
  engineSuite(options, async (suite) =>
    found({ ...suite, details: await dutchCheckoutDetails(suite.server, personal) }),
  );
}
