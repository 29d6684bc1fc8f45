import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  WishlistAddBody,
  WishlistDeleteBody,
  type WishlistItem,
  type WishlistOption,
} from '../../contract/wishlist.ts';
import type { Queryable } from '../db/index.ts';
import { notFound, ok } from '../http/envelope.ts';
import { customerAreaAnswers, customerSession, requireCustomer } from '../auth/customer-session.ts';
import { MESSAGES } from '../users/messages.ts';

interface ItemRow {
  item_id: number;
  product_id: number;
  sku: string;
  attrs: Record<string, unknown> | null;
  parent_options: { attribute_id?: number | string; attribute_code?: string }[] | null;
}

/** The items of one customer, oldest first, with what an option is made of (the child's values, the parent's codes). */
async function itemsOf(db: Queryable, customerId: number, itemId?: number): Promise<WishlistItem[]> {
  const { rows } = await db.query<ItemRow>(
    `select w.item_id, w.product_id, p.sku, p.attrs, parent.doc->'configurable_options' as parent_options
       from wishlist_items w
       join products p on p.id = w.product_id
       left join products parent on parent.id = p.parent_id
      where w.customer_id = $1 ${itemId === undefined ? '' : 'and w.item_id = $2'}
      order by w.item_id`,
    itemId === undefined ? [customerId] : [customerId, itemId],
  );
  return rows.map((row) => ({
    item_id: row.item_id,
    product_id: row.product_id,
    sku: row.sku,
    qty: 1,
    option: optionOf(row),
  }));
}

/** A configurable child's chosen options (colour, size) as `{ attribute_id, value }`; none for any other product. */
function optionOf(row: ItemRow): WishlistOption[] {
  const options: WishlistOption[] = [];
  for (const o of row.parent_options ?? []) {
    const values = o.attribute_code ? row.attrs?.[o.attribute_code] : undefined;
    const value = Array.isArray(values) ? values[0] : values;
    if (value !== undefined && value !== null && o.attribute_id !== undefined)
      options.push({ attribute_id: Number(o.attribute_id), value: String(value) });
  }
  return options;
}

/**
 * The customer's wishlist (spec 001 §7 wishlist calls), registered by the users area under /api/ext/shop/user so the
 * token check, `session_expires` and no-store apply. The token decides whose list it is: an item id of another
 * customer is the same 404 as one that does not exist, and is never touched.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  customerAreaAnswers(app);
  const auth = requireCustomer(app);

  app.get('/wishlist', { preHandler: auth }, async (request, reply) => {
    return ok(reply, await itemsOf(app.db, customerSession(request).customerId));
  });

  /**
   * Adds a product (a parent, a simple product or a configurable child). Adding one already on the list answers that
   * item (one per product, unique in the table), so a retried add is harmless.
   */
  app.post('/wishlist/add', { schema: { body: WishlistAddBody }, preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const { productId } = request.body;
    const product = await app.db.query<{ id: number }>('select id from products where id = $1 and status = 1', [
      productId,
    ]);
    if (!product.rows[0]) throw notFound(MESSAGES.productNotFound);
    const { rows } = await app.db.query<{ item_id: number }>(
      `insert into wishlist_items (customer_id, product_id, qty) values ($1, $2, 1)
         on conflict (customer_id, product_id) do update set qty = 1
         returning item_id`,
      [customerId, productId],
    );
    const [item] = await itemsOf(app.db, customerId, rows[0].item_id);
    return ok(reply, item);
  });

  app.post('/wishlist/delete', { schema: { body: WishlistDeleteBody }, preHandler: auth }, async (request, reply) => {
    const { customerId } = customerSession(request);
    const { rows } = await app.db.query<{ item_id: number }>(
      'delete from wishlist_items where item_id = $1 and customer_id = $2 returning item_id',
      [request.body.itemId, customerId],
    );
    if (!rows[0]) throw notFound(MESSAGES.wishlistItemNotFound);
    return ok(reply, true);
  });
};

export default routes;
