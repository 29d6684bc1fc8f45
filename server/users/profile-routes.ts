import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldOf } from '../http/field-of.ts';
import { badRequest, HttpError, notFound, ok } from '../http/envelope.ts';
import { customerSession, requireCustomer } from '../auth/customer-session.ts';
import { deleteAddress, findCustomerIdByEmail, loadCustomer, saveAddresses, updateProfile } from './customer-store.ts';
import { checkAddresses, checkDateOfBirth, checkEmail, checkMobile, checkName } from '../http/form-rules.ts';
import { parseDateOfBirth } from '../../domain/validation/index.ts';
import { MESSAGES } from './messages.ts';
import { checkPreferences, savePreferences } from './preferences.ts';
import { addCouponSchema, deleteAddressSchema, updateMeSchema } from './schemas.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = requireCustomer(app);

  app.get('/me', { preHandler: auth }, async (request, reply) => {
    return ok(reply, await loadCustomer(app.db, customerSession(request).customerId, app.now()));
  });

  /**
   * Profile update (spec 000 §7 "POST me", queued by the client). The client drops an empty date_of_birth and sends
   * '-' for an empty mobile_number (spec 000 §5); both mean "no value" here. Addresses are upserted, see saveAddresses.
   * `preferences` (favourite store, brands, newsletter) is optional: see preferences.ts.
   */
  app.post('/me', { schema: updateMeSchema, preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const now = app.now();
    const input = request.body.customer;
    checkEmail('body.customer.email', input.email);
    checkName('body.customer.firstname', input.firstname);
    checkName('body.customer.lastname', input.lastname);
    const mobile = input.mobile_number === undefined ? undefined : input.mobile_number?.trim() || null;
    const mobileNumber = mobile === '-' ? null : mobile;
    if (mobileNumber) checkMobile('body.customer.mobile_number', mobileNumber);
    const givenDate = input.date_of_birth?.trim() === '' ? undefined : input.date_of_birth;
    if (givenDate) checkDateOfBirth('body.customer.date_of_birth', givenDate, now);
    // The form may send the Dutch D-M-YYYY; the database gets ISO, whatever its DateStyle.
    const parsed = givenDate ? parseDateOfBirth(givenDate) : null;
    const dateOfBirth = parsed
      ? `${parsed.year}-${String(parsed.month).padStart(2, '0')}-${String(parsed.day).padStart(2, '0')}`
      : givenDate;
    checkAddresses('body.customer.addresses', input.addresses ?? []);
    if (input.preferences) await checkPreferences(app.db, 'body.customer.preferences', input.preferences);
    const owner = await findCustomerIdByEmail(app.db, input.email);
    if (owner && owner.id !== customerId) throw badRequest(MESSAGES.emailTaken);
    await app.db.transaction(async (tx) => {
      await updateProfile(
        tx,
        customerId,
        {
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          date_of_birth: dateOfBirth,
          mobile_number: mobileNumber,
        },
        now,
      );
      await saveAddresses(tx, customerId, input.addresses ?? []);
      if (input.preferences) await savePreferences(tx, { id: customerId, email: input.email }, input.preferences, now);
    });
    return ok(reply, await loadCustomer(app.db, customerId, now));
  });

  /** Spec 000 §7 "DELETE address: user_id, address_id" — in the query or the body. */
  app.delete('/address', { schema: deleteAddressSchema, preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const raw = request.query.address_id ?? fieldOf(request.body, 'address_id') ?? fieldOf(request.body, 'addressId');
    const addressId = Number(raw);
    if (!Number.isInteger(addressId) || addressId < 1) throw badRequest('querystring.address_id is required');
    // user_id is not trusted: the token decides whose address it may be.
    await deleteAddress(app.db, customerId, addressId);
    return ok(reply, true);
  });

  /**
   * Adds a coupon to the customer's coupons (spec 000 §7 "POST add-coupon: couponCode; the result is the profile").
   * An unknown code and another customer's personal coupon are the same 404; an expired, inactive or used one a 400.
   */
  app.post('/add-coupon', { schema: addCouponSchema, preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const now = app.now();
    const { rows } = await app.db.query<{
      code: string;
      is_active: boolean;
      valid_from: Date | null;
      valid_to: Date | null;
      customer_id: number | null;
      used_at: Date | null;
    }>(
      `select c.code, c.is_active, c.valid_from, c.valid_to, c.customer_id, cc.used_at
         from coupons c left join customer_coupons cc on cc.coupon_code = c.code and cc.customer_id = $2
        where upper(c.code) = upper($1)`,
      [request.body.couponCode.trim(), customerId],
    );
    const coupon = rows[0];
    if (!coupon || (coupon.customer_id !== null && coupon.customer_id !== customerId))
      throw notFound(MESSAGES.couponInvalid);
    const started = !coupon.valid_from || new Date(coupon.valid_from) <= now;
    const notEnded = !coupon.valid_to || new Date(coupon.valid_to) > now;
    if (!coupon.is_active || !started || !notEnded || coupon.used_at) throw new HttpError(400, MESSAGES.couponInvalid);
    await app.db.query(
      `insert into customer_coupons (customer_id, coupon_code, added_at) values ($1, $2, $3)
       on conflict (customer_id, coupon_code) do nothing`,
      [customerId, coupon.code, now.toISOString()],
    );
    return ok(reply, await loadCustomer(app.db, customerId, now));
  });
};

export default routes;
