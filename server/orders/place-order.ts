import type { ProductOption } from '../../contract/cart.ts';
import type { Database, Queryable } from '../db/index.ts';
import { newOpaqueToken } from '../auth/tokens.ts';
import { HttpError, badRequest } from '../http/envelope.ts';
import { toEuros } from '../../domain/money.ts';
import { isValidEmail } from '../../domain/validation/email.ts';
import { isValidPostcode } from '../../domain/validation/address.ts';
import { VALIDATION_TEXTS_NL } from '../../domain/validation/messages.ts';
import type { CartRow } from '../pricing/cart-row.ts';
import { activeDiscounts } from '../pricing/coupons.ts';
import { CART_MESSAGES } from '../pricing/messages.ts';
import { loadPricingContext, priceLine } from '../pricing/line-price.ts';
import { resolveSellable, type OptionLabel, type SellableProduct } from '../pricing/sellable-product.ts';
import { DEFAULT_SIZE_SYSTEM, sizeText, type SizeSystem } from '../../domain/catalog/size-conversion.ts';
import { findShippingMethod, paymentMethodsFor, undeliverableCountry } from '../pricing/shipping.ts';
import { orderDelivery } from '../delivery/order-delivery.ts';
import { assertQuantityAvailable, loadStockLimit } from '../pricing/stock.ts';
import { totalsWithShipping, type PricedLine } from '../pricing/totals.ts';
import { GIFT_CARD_MESSAGES, GIFT_CARD_METHOD, redeemCartGiftCard } from '../giftcards/gift-cards.ts';
import { noDeliveryTo, ORDER_MESSAGES, ORDER_OPTION_TITLES, ORDER_STATUS } from './order-messages.ts';
import type { OrderBody, OrderResult } from '../../contract/order.ts';
import { expireStalePayments } from './payment-settle.ts';
import { assertPricedAsAgreed } from './order-repricing.ts';

interface StoredOrder {
  customer_id: number | null;
  cart_id: string | null;
  response: OrderResult | null;
}

async function storedOrder(db: Queryable, orderId: string): Promise<StoredOrder | null> {
  const { rows } = await db.query<StoredOrder>(
    "select customer_id, request->>'cart_id' as cart_id, response from orders where order_id = $1",
    [orderId],
  );
  return rows[0] ?? null;
}

/**
 * A repeated order_id answers the first result only to whoever placed it: the same customer, or — for a guest
 * order — whoever holds the same guest cart (its cart id is the guest's credential) or, for a guest order without a
 * cart, another guest holding the order_id itself (it reads the order too). Anyone else learns nothing.
 */
function answerRepeat(stored: StoredOrder, body: OrderBody, customerId: number | null): OrderResult {
  const cartId = body.cart_id ?? null;
  const owns =
    stored.customer_id !== null
      ? stored.customer_id === customerId
      : stored.cart_id === cartId && (cartId !== null || customerId === null);
  if (!owns) throw new HttpError(409, ORDER_MESSAGES.orderIdTaken);
  if (!stored.response) throw new Error('an order row without its stored result');
  return stored.response;
}

/**
 * Thrown inside the order's transaction when what was priced outside it no longer holds — a single-use coupon another
 * order spent meanwhile, or the cart's codes changed: the transaction rolls back and the order is priced again.
 */
class PricedOnStaleClaims extends Error {}

/**
 * Closes the order's cart with a guarded write: of all orders racing for one cart exactly one gets it (the others
 * wait on the row and then find it closed). Answers the codes the cart held at that moment.
 */
async function closeCart(
  tx: Queryable,
  cart: CartRow,
): Promise<{ coupon_code: string | null; discount_codes: string[] }> {
  const { rows } = await tx.query<{ coupon_code: string | null; discount_codes: string[] }>(
    'update carts set is_active = false, updated_at = now() where id = $1 and is_active returning coupon_code, discount_codes',
    [cart.id],
  );
  if (!rows[0]) throw new HttpError(409, ORDER_MESSAGES.cartAlreadyOrdered);
  return rows[0];
}

/**
 * Marks the customer's single-use coupons among the order's discounts used, guarded by "not yet used": when another
 * order spent one first, this order was priced with a discount it no longer has.
 */
async function claimCoupons(tx: Queryable, customerId: number, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  const { rows } = await tx.query<{ n: number }>(
    'select count(*)::int as n from customer_coupons where customer_id = $1 and coupon_code = any($2::text[])',
    [customerId, codes],
  );
  const { affectedRows } = await tx.query(
    'update customer_coupons set used_at = now() where customer_id = $1 and coupon_code = any($2::text[]) and used_at is null',
    [customerId, codes],
  );
  if (affectedRows < rows[0].n) throw new PricedOnStaleClaims();
}

/** An order line as priced, with what its stored option needs: the parent and the size as the shopper read it. */
type OrderLine = PricedLine & {
  productId: number;
  parentSku: string | null;
  sizes: SellableProduct['sizes'];
  sizeSystem: SizeSystem;
};

/** A product the shop cannot sell is a 400 naming the sku (a 404 would read as "cart gone" to the client). */
async function priceProducts(db: Queryable, body: OrderBody, ctx: Awaited<ReturnType<typeof loadPricingContext>>) {
  const lines: OrderLine[] = [];
  for (const [index, p] of body.products.entries()) {
    let product;
    try {
      product = await resolveSellable(db, p.sku, (p.product_option ?? null) as ProductOption | null);
    } catch (error) {
      if (error instanceof HttpError) throw new HttpError(400, error.message, { sku: p.sku, index });
      throw error;
    }
    const price = await priceLine(db, product, p.qty, ctx);
    lines.push({
      productId: product.productId,
      parentSku: product.parentSku,
      itemId: null,
      sku: product.sku,
      name: product.name,
      qty: p.qty,
      productType: product.productType,
      productOption: product.productOption,
      optionLabels: product.optionLabels,
      sizes: product.sizes,
      sizeSystem: p.size_system ?? DEFAULT_SIZE_SYSTEM,
      categoryIds: product.categoryIds,
      unitInclCents: price.unitInclCents,
      taxRatePercent: price.taxRatePercent,
    });
  }
  return lines;
}

/** The order's cart: its coupon and discount codes apply, and it is closed when the order is stored. */
async function orderCart(
  db: Queryable,
  cartId: string | null | undefined,
  customerId: number | null,
): Promise<CartRow | null> {
  if (!cartId) return null;
  const { rows } = await db.query<CartRow>(
    `select id, cart_id, customer_id, store_code, is_active, coupon_code, discount_codes, shipping_carrier_code,
            shipping_method_code, shipping_address, billing_address, payment_method
       from carts where cart_id = $1`,
    [cartId],
  );
  const cart = rows[0];
  if (!cart || (cart.customer_id !== null && cart.customer_id !== customerId)) return null;
  return cart;
}

/** Stock for every product of the order, summed per product; the guarded update also wins a race with other orders. */
async function reserveStock(tx: Queryable, lines: (PricedLine & { productId: number })[]): Promise<void> {
  const perProduct = new Map<number, { sku: string; qty: number }>();
  for (const l of lines) {
    const entry = perProduct.get(l.productId) ?? { sku: l.sku, qty: 0 };
    entry.qty += l.qty;
    perProduct.set(l.productId, entry);
  }
  for (const [productId, { sku, qty }] of perProduct) {
    const limit = await loadStockLimit(tx, productId);
    try {
      assertQuantityAvailable(qty, limit);
    } catch (error) {
      if (error instanceof HttpError)
        throw new HttpError(400, ORDER_MESSAGES.productsUnavailable, { sku, ...error.meta });
      throw error;
    }
    if (limit.salable === null) continue;
    const { affectedRows } = await tx.query(
      `update stock_items set reserved_qty = reserved_qty + $2
        where product_id = $1 and (not manage_stock or qty - reserved_qty >= $2)`,
      [productId, qty],
    );
    if (affectedRows === 0) throw new HttpError(400, ORDER_MESSAGES.productsUnavailable, { sku, maxQuantity: 0 });
  }
}

export interface PlaceOrderContext {
  customerId: number | null;
  now: Date;
}

/**
 * POST /api/order. Exactly once per `order_id` (docs/sync-engine.md "Exactly once"): a repeat —
 * sequential or simultaneous — answers the first order's result and creates nothing. Every amount is recomputed
 * here; prices in the body are never charged, only compared (order-repricing.ts). Stock is reserved in the same transaction that stores the order.
 */
export async function placeOrder(db: Database, body: OrderBody, context: PlaceOrderContext): Promise<OrderResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeOnce(db, body, context);
    } catch (error) {
      // Priced again, the spent coupon no longer counts. A cart that keeps changing under the order is a 409 the
      // shopper can retry, not a 500.
      if (!(error instanceof PricedOnStaleClaims)) throw error;
      if (attempt === 3) throw new HttpError(409, ORDER_MESSAGES.cartChangedMeanwhile);
    }
  }
}

async function placeOnce(db: Database, body: OrderBody, context: PlaceOrderContext): Promise<OrderResult> {
  const earlier = await storedOrder(db, body.order_id);
  if (earlier) return answerRepeat(earlier, body, context.customerId);
  await expireStalePayments(db, context.now);

  const info = body.addressInformation;
  const shippingAddress = { ...info.shippingAddress, country_id: info.shippingAddress.country_id.toUpperCase() };
  const billingAddress = info.billingAddress ?? shippingAddress;
  const country = shippingAddress.country_id;
  // Spec 001 §5 "a valid postcode": the checkout's rule for the country, so a carrier never gets an address it cannot use.
  const postcodeProblem = isValidPostcode(country, shippingAddress.postcode);
  if (postcodeProblem) {
    throw badRequest(`body.addressInformation.shippingAddress.postcode: ${VALIDATION_TEXTS_NL[postcodeProblem]}`);
  }
  // the shop delivers only where an active shipping method goes (the directory's shipping_available)
  const undeliverable = await undeliverableCountry(db, country);
  if (undeliverable) {
    throw badRequest(`body.addressInformation.shippingAddress.country_id: ${noDeliveryTo(undeliverable)}`);
  }

  let email: string | null = null;
  let externalId: string | null = null;
  if (context.customerId !== null) {
    const { rows } = await db.query<{ email: string; external_id: string }>(
      'select email, external_id from customers where id = $1',
      [context.customerId],
    );
    email = rows[0]?.email ?? null;
    externalId = rows[0]?.external_id ?? null;
  } else {
    const candidate = [body.email, billingAddress.email, shippingAddress.email].find(
      (e) => typeof e === 'string' && e.trim() !== '',
    );
    if (!candidate || isValidEmail(candidate) !== null) throw badRequest(ORDER_MESSAGES.emailRequired);
    email = candidate.trim();
  }
  if (!email) throw badRequest(ORDER_MESSAGES.emailRequired);

  const cart = await orderCart(db, body.cart_id, context.customerId);
  const storeCode = cart?.store_code ?? (country === 'BE' ? 'be' : 'nl');
  const ctx = await loadPricingContext(db, context.customerId, country, context.now);
  const lines = await priceProducts(db, body, ctx);
  const codes = cart ? [cart.coupon_code, ...cart.discount_codes].filter((c): c is string => !!c) : [];
  const discounts = await activeDiscounts(db, codes, { customerId: context.customerId, lines, now: context.now });

  const shipping = await findShippingMethod(db, info.shipping_carrier_code, info.shipping_method_code, country);
  if (!shipping) throw badRequest(CART_MESSAGES.shippingMethodUnknown);
  const delivery = await orderDelivery(db, shipping, info, country);
  const payment = (await paymentMethodsFor(db, country)).find((p) => p.code === info.payment_method_code);
  if (!payment) throw badRequest(ORDER_MESSAGES.paymentMethodUnknown);
  const totals = totalsWithShipping(lines, discounts, shipping, payment.cost_cents);
  await assertPricedAsAgreed(db, body, lines, totals, async (kept) =>
    totalsWithShipping(
      kept,
      await activeDiscounts(db, codes, { customerId: context.customerId, lines: kept, now: context.now }),
      shipping,
      payment.cost_cents,
    ),
  );
  const couponCode = discounts.find((d) => d.code === cart?.coupon_code)?.code ?? null;

  const created = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; increment_id: string }>(
      `insert into orders (order_id, increment_id, customer_id, external_customer_id, email, status, store_code,
                           subtotal_cents, shipping_cents, discount_cents, tax_cents, grand_total_cents, shipping_method,
                           payment_method, coupon_code, shipping_address, billing_address, request, delivery)
       values ($1, nextval('order_increment_seq')::text, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
               $15::jsonb, $16::jsonb, $17::jsonb, $18::jsonb)
       on conflict (order_id) do nothing
       returning id, increment_id`,
      [
        body.order_id,
        context.customerId,
        externalId,
        email,
        ORDER_STATUS.pending,
        storeCode,
        totals.subtotalInclCents,
        totals.shippingInclCents,
        totals.discountCents,
        totals.taxCents,
        totals.grandTotalCents,
        `${shipping.carrier_code}_${shipping.method_code}`,
        payment.code,
        couponCode,
        JSON.stringify(shippingAddress),
        JSON.stringify(billingAddress),
        JSON.stringify(body),
        JSON.stringify(delivery),
      ],
    );
    const order = rows[0];
    // Another request with this order_id got there first; its result is read after this transaction.
    if (!order) return null;

    if (cart) {
      const held = await closeCart(tx, cart);
      const heldCodes = [held.coupon_code, ...held.discount_codes].filter((c): c is string => !!c);
      if (heldCodes.join('\n') !== codes.join('\n')) throw new PricedOnStaleClaims();
    }
    if (context.customerId !== null)
      await claimCoupons(
        tx,
        context.customerId,
        discounts.map((d) => d.code),
      );

    await reserveStock(tx, lines);
    for (const line of totals.lines) {
      await tx.query(
        `insert into order_items (order_pk, sku, name, qty, price_cents, row_total_cents, product_option)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
        [
          order.id,
          line.sku,
          line.name,
          line.qty,
          line.unitInclCents,
          line.rowInclCents - line.discountCents,
          JSON.stringify(storedOption(line)),
        ],
      );
    }
    // the cart's gift card pays first, once (server/giftcards); the payment is for the rest
    const byGiftCard = cart ? await redeemCartGiftCard(tx, cart.id, order.id, totals.grandTotalCents) : 0;
    if (payment.code === GIFT_CARD_METHOD && byGiftCard < totals.grandTotalCents)
      throw badRequest(byGiftCard ? GIFT_CARD_MESSAGES.restNeedsMethod : GIFT_CARD_MESSAGES.noCard);
    const paymentKey = newOpaqueToken();
    await tx.query(
      'insert into payments (order_pk, payment_key, method, amount_cents, created_at) values ($1, $2, $3, $4, $5)',
      [order.id, paymentKey, payment.code, totals.grandTotalCents - byGiftCard, context.now.toISOString()],
    );
    const result: OrderResult = {
      order_id: body.order_id,
      increment_id: order.increment_id,
      status: ORDER_STATUS.pending,
      grand_total: toEuros(totals.grandTotalCents),
      payment: { method: payment.code, redirect_url: `/pay/${paymentKey}` },
    };
    await tx.query('update orders set response = $1::jsonb where id = $2', [JSON.stringify(result), order.id]);
    // the confirmation mail goes out when the order is paid, a cancellation mail when it is cancelled (order-mails.ts)
    return result;
  });
  if (created) return created;
  const winner = await storedOrder(db, body.order_id);
  if (!winner) throw new Error(`order ${body.order_id} conflicted but has no stored result`);
  return answerRepeat(winner, body, context.customerId);
}

/**
 * The order line's product_option: the client's (vue-storefront) option plus what the account pages show —
 * `options` with Dutch titles and `parentSku` — in the shape the seeded order history uses.
 */
function storedOption(line: PricedLine & Partial<Pick<OrderLine, 'parentSku' | 'sizes' | 'sizeSystem'>>) {
  const value = (o: OptionLabel) =>
    o.label === 'Size' && line.sizes
      ? sizeText(line.sizes.conversion, line.sizes.labels, o.value, line.sizeSystem ?? DEFAULT_SIZE_SYSTEM)
      : o.value;
  return {
    ...(line.productOption ?? {}),
    options: line.optionLabels.map((o) => ({ label: ORDER_OPTION_TITLES[o.label] ?? o.label, value: value(o) })),
    parentSku: line.parentSku ?? null,
  };
}
