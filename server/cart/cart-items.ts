import type { CartItemBody, CartUpdateBatchAnswer, ProductOption, ServerCartItem } from '../../contract/cart.ts';
import type { Queryable } from '../db/index.ts';
import { toEuros } from '../../domain/money.ts';
import { HttpError, badRequest } from '../http/envelope.ts';
import type { CartRow } from '../pricing/cart-row.ts';
import { cartPricingContext, loadPricedLines } from './cart-lines.ts';
import { CART_MESSAGES } from '../pricing/messages.ts';
import { priceLine } from '../pricing/line-price.ts';
import {
  loadAttributes,
  loadProductRows,
  resolveSellable,
  type AttributeRow,
  type ProductRows,
} from '../pricing/sellable-product.ts';
import type { PricingContext } from '../pricing/line-price.ts';
import { assertQuantityAvailable, loadStockLimit } from '../pricing/stock.ts';

export async function pullItems(db: Queryable, cart: CartRow, now: Date): Promise<ServerCartItem[]> {
  const lines = await loadPricedLines(db, cart, await cartPricingContext(db, cart, now));
  return lines.map((l) => ({
    item_id: l.itemId!,
    sku: l.sku,
    qty: l.qty,
    name: l.name,
    price: toEuros(l.unitInclCents),
    product_type: l.productType,
    quote_id: cart.cart_id,
    product_option: l.productOption,
  }));
}

/** Quantity of a product on the cart's other lines: stock limits apply to the cart as a whole. */
async function qtyOnOtherLines(
  db: Queryable,
  cartPk: number,
  productId: number,
  exceptItemId: number | null,
): Promise<number> {
  const { rows } = await db.query<{ qty: number | null }>(
    'select sum(qty)::int as qty from cart_items where cart_id = $1 and product_id = $2 and item_id <> $3',
    [cartPk, productId, exceptItemId ?? -1],
  );
  return Number(rows[0]?.qty ?? 0);
}

/** What the lines of one update-batch share, read once: the cart's pricing context and the attributes. */
interface BatchReads {
  ctx: PricingContext;
  attributes: () => Promise<Map<string, AttributeRow>>;
  /** The cart's lines (product and quantity by item id), kept up to date as the batch applies its lines. */
  lines: Map<number, { productId: number; qty: number }>;
  /** The product rows of the batch's skus and their parents. */
  rows: ProductRows;
}

/** Quantity of a product on the cart's other lines, from the batch's own copy of them. */
function qtyOnOtherLinesOf(reads: BatchReads, productId: number, exceptItemId: number | null): number {
  let qty = 0;
  for (const [itemId, line] of reads.lines)
    if (line.productId === productId && itemId !== exceptItemId) qty += line.qty;
  return qty;
}

/**
 * `update`, with vue-storefront's semantics the client's sync engine relies on:
 * - without item_id it ADDS a new line (even if an identical line exists; the client decides identity, spec 000 §5);
 * - with item_id it SETS that line's quantity to `qty` (absolute, so a retried request is idempotent).
 * Stock and max-sale limits apply to the cart's total quantity of the product.
 */
export async function updateItem(
  db: Queryable,
  cart: CartRow,
  input: CartItemBody,
  now: Date,
  batch?: BatchReads,
): Promise<ServerCartItem> {
  if (input.quoteId !== undefined && input.quoteId !== '' && input.quoteId !== cart.cart_id) {
    throw badRequest('body.cartItem.quoteId must equal querystring.cartId');
  }
  const ctx = batch?.ctx ?? (await cartPricingContext(db, cart, now));

  if (input.item_id !== undefined && input.item_id !== null) {
    const { rows } = await db.query<{
      item_id: number;
      sku: string;
      parent_sku: string | null;
      product_id: number;
      product_option: ProductOption | null;
      name: string;
      product_type: string;
    }>(
      'select item_id, sku, parent_sku, product_id, product_option, name, product_type from cart_items where item_id = $1 and cart_id = $2',
      [input.item_id, cart.id],
    );
    const item = rows[0];
    // 400, not 404: on a cart call 404 means "cart gone" to the client (spec 000 §8).
    if (!item) throw new HttpError(400, CART_MESSAGES.itemNotFound, { item_id: input.item_id });
    if (input.sku !== item.sku && input.sku !== item.parent_sku)
      throw badRequest('body.cartItem.sku does not match body.cartItem.item_id');
    const product = await resolveSellable(db, item.sku, item.product_option, false, {
      attributes: batch?.attributes,
      labels: false,
      rows: batch?.rows,
    });
    const others = batch
      ? qtyOnOtherLinesOf(batch, item.product_id, item.item_id)
      : await qtyOnOtherLines(db, cart.id, item.product_id, item.item_id);
    assertQuantityAvailable(others + input.qty, await loadStockLimit(db, item.product_id));
    const price = await priceLine(db, product, input.qty, ctx);
    await db.query('update cart_items set qty = $1, price_cents = $2, updated_at = now() where item_id = $3', [
      input.qty,
      price.unitInclCents,
      item.item_id,
    ]);
    if (batch) batch.lines.set(item.item_id, { productId: item.product_id, qty: input.qty });
    else await db.query('update carts set updated_at = now() where id = $1', [cart.id]);
    return {
      item_id: item.item_id,
      sku: item.sku,
      qty: input.qty,
      name: item.name,
      price: toEuros(price.unitInclCents),
      product_type: item.product_type,
      quote_id: cart.cart_id,
      product_option: item.product_option,
    };
  }

  const product = await resolveSellable(db, input.sku, input.product_option, true, {
    attributes: batch?.attributes,
    labels: false,
    rows: batch?.rows,
  });
  const others = batch
    ? qtyOnOtherLinesOf(batch, product.productId, null)
    : await qtyOnOtherLines(db, cart.id, product.productId, null);
  assertQuantityAvailable(others + input.qty, await loadStockLimit(db, product.productId));
  const price = await priceLine(db, product, input.qty, ctx);
  const { rows } = await db.query<{ item_id: number }>(
    `insert into cart_items (cart_id, sku, product_id, parent_sku, qty, product_type, product_option, name, price_cents)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9) returning item_id`,
    [
      cart.id,
      product.sku,
      product.productId,
      product.parentSku,
      input.qty,
      product.productType,
      product.productOption === null ? null : JSON.stringify(product.productOption),
      product.name,
      price.unitInclCents,
    ],
  );
  if (batch) batch.lines.set(rows[0].item_id, { productId: product.productId, qty: input.qty });
  else await db.query('update carts set updated_at = now() where id = $1', [cart.id]);
  return {
    item_id: rows[0].item_id,
    sku: product.sku,
    qty: input.qty,
    name: product.name,
    price: toEuros(price.unitInclCents),
    product_type: product.productType,
    quote_id: cart.cart_id,
    product_option: product.productOption,
  };
}

/**
 * `update-batch`: each line as `update` would do it alone, in order, inside the caller's transaction (the cart row
 * locked). A line the server refuses (sold out, unknown sku or line, a limit) answers its own error; `updateItem`
 * refuses before it writes, so that line changes nothing and the lines around it still apply. Anything else (a value
 * the database refuses: 400; a server fault: 500) fails the whole call and rolls it back: the worker then sends the
 * lines one by one. What every line reads alike (pricing context, attributes, the cart's lines) is read once.
 */
export async function updateItems(
  db: Queryable,
  cart: CartRow,
  inputs: CartItemBody[],
  now: Date,
): Promise<CartUpdateBatchAnswer> {
  let attributes: Promise<Map<string, AttributeRow>> | null = null;
  const { rows } = await db.query<{ item_id: number; product_id: number; qty: number }>(
    'select item_id, product_id, qty from cart_items where cart_id = $1',
    [cart.id],
  );
  const reads: BatchReads = {
    ctx: await cartPricingContext(db, cart, now),
    attributes: () => (attributes ??= loadAttributes(db)),
    lines: new Map(rows.map((r) => [r.item_id, { productId: r.product_id, qty: r.qty }])),
    rows: await loadProductRows(db, [...new Set(inputs.map((i) => i.sku))]),
  };
  const answers: CartUpdateBatchAnswer = [];
  for (const input of inputs) {
    try {
      answers.push({ code: 200, result: await updateItem(db, cart, input, now, reads) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      answers.push({ code: error.statusCode, result: error.message, ...(error.meta ? { meta: error.meta } : {}) });
    }
  }
  if (answers.some((a) => a.code === 200))
    await db.query('update carts set updated_at = now() where id = $1', [cart.id]);
  return answers;
}

/** `delete` is idempotent: removing a line that is already gone answers true, so a retried task cannot fail. */
export async function deleteItem(db: Queryable, cart: CartRow, itemId: number): Promise<true> {
  await db.query('delete from cart_items where item_id = $1 and cart_id = $2', [itemId, cart.id]);
  await db.query('update carts set updated_at = now() where id = $1', [cart.id]);
  return true;
}
